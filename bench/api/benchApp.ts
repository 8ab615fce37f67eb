import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { systemClock } from "../../server/clock";
import { type Config, loadConfig } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/database";
import type { AppDeps } from "../../server/deps";
import { createLogger } from "../../server/logger";
import { serveApp } from "../../server/serveApp";
import { ensureFirstAdmin, seedSystemRows } from "../../server/services/accounts/adminBootstrap";
import { startBackgroundWork } from "../../server/services/backgroundWork";
import { BenchMailbox } from "./mailbox";
import { startMsorgThread, startVtpassThread, type VtpassThread } from "./simulatorThreads";

const builtPages = fileURLToPath(new URL("../../dist", import.meta.url));

export const benchAdmin = { email: "bench.admin@example.com", password: "bench admin lantern harbour 7" };

/**
 * What the bench changes from a development start, and why. Everything else is the default a
 * `npm start` without settings gets (the simulators on, the production provider timeout, pool and
 * argon2 cost).
 */
export const benchSettings = {
  PORT: "0",
  HOST: "127.0.0.1",
  // Warnings and errors only, on stderr: a line per request would measure pino, and stdout is the table.
  LOG_LEVEL: "warn",
  // The simulated VTpass answers at once: the bench measures OjaPay, not a made-up network delay.
  SIMULATOR_LATENCY_MS: "0",
  // Setup signs 32 customers up from one address; the limit does not apply to purchases.
  ADDRESS_LIMIT_PER_MINUTE: "100000",
  ADMIN_EMAIL: benchAdmin.email,
  ADMIN_PASSWORD: benchAdmin.password,
} as const;

/** The token the metrics-on app is started with and scraped by (at least 32 characters, as config asks). */
export const benchMetricsToken = "bench-metrics-token-0123456789abcdef";

export interface BenchApp {
  origin: string;
  /** Whether it counts for Prometheus (METRICS_TOKEN set). */
  metrics: boolean;
  deps: AppDeps;
  config: Config;
  mailbox: BenchMailbox;
  /** Whether it serves the built pages (dist/, from `npm run build`), for the read of `GET /`. */
  servesPages: boolean;
  /** The simulated VTpass's thread: the failover scenario tells it to refuse a share of its pay requests. */
  vtpass: Pick<VtpassThread, "refusePays">;
  close(): Promise<void>;
}

/**
 * The real server in this process, wired as server/start.ts wires it: the system rows and first admin
 * seeded, serveApp (the app behind @hono/node-server on a free loopback port, the Paystack and Didit
 * simulators served by it and reached by the adapters over HTTP) and the background work. The VTpass
 * and MSORG adapters reach simulated providers served from threads of their own (simulatorThreads.ts),
 * as the real ones answer from machines of their own. The
 * differences: the bench's settings above, a mailbox instead of the log mailer, the built pages only when
 * there are some, and the
 * simulators' journals kept in memory (a real VTpass keeps its own books elsewhere).
 */
export async function startBenchApp(
  database: DatabaseHandle,
  options: { metrics?: boolean } = {},
): Promise<BenchApp> {
  const metrics = options.metrics ?? false;
  // The built pages when there are some, served as `npm start` serves them.
  const servesPages = existsSync(join(builtPages, "index.html"));
  const config = loadConfig({
    ...benchSettings,
    STATIC_DIR: servesPages ? builtPages : "/nonexistent",
    ...(metrics && { METRICS_TOKEN: benchMetricsToken }),
  });
  const logger = createLogger(config.logLevel, pino.destination(2));
  const mailbox = new BenchMailbox();
  await seedSystemRows(database.db);
  await ensureFirstAdmin({ db: database.db, clock: systemClock, logger }, config.admin);
  const vtpass = await startVtpassThread();
  const msorg = await startMsorgThread();
  const instance = await database.announce((error) =>
    logger.warn({ err: error.message }, "the presence connection was lost"),
  );
  const served = await serveApp(
    config,
    { db: database.db, instance, mailer: mailbox, clock: systemClock, config, logger },
    { serveSpa: servesPages, journalDir: null, vtpassBaseUrl: vtpass.baseUrl, msorgBaseUrl: msorg.baseUrl },
  );
  await vtpass.webhooksTo(served.origin);
  const work = startBackgroundWork(served.deps, config.requeryIntervalMs);
  return {
    origin: served.origin,
    metrics,
    deps: served.deps,
    config,
    mailbox,
    servesPages,
    vtpass,
    async close() {
      await work.stop();
      await served.close();
      await instance.close();
      await vtpass.close();
      await msorg.close();
    },
  };
}
