import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import { createApp } from "./app";
import { systemClock } from "./clock";
import type { Config } from "./config";
import { openDatabase } from "./db/database";
import { createIntegrations } from "./integrations";
import { createMailer } from "./mail/mailer";
import { ensureFirstAdmin, seedSystemRows } from "./services/adminBootstrap";
import { startRequeryWorker } from "./services/purchases/requeryWorker";

/** Opens the database (migrating it), seeds what must exist, and serves the app. */
export async function startServer(config: Config, logger: Logger) {
  const database = await openDatabase(config, (error) =>
    logger.warn(
      { err: error.message },
      "a database connection was closed by the server; the pool replaces it",
    ),
  );
  logger.info(
    { database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    "database ready",
  );
  await seedSystemRows(database.db);
  await ensureFirstAdmin({ db: database.db, clock: systemClock, logger }, config.admin);
  if (!config.smtpUrl) logger.warn("SMTP_URL is not set: emails, with their codes, are written to this log");

  const deps = {
    db: database.db,
    mailer: createMailer(config, logger),
    clock: systemClock,
    config,
    logger,
    ...createIntegrations(config),
  };
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ url: `http://localhost:${port}` }, "OjaPay is listening");
  const requery = startRequeryWorker(deps, config.requeryIntervalMs);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    requery.stop();
    stopping ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() => database.close());
    return stopping;
  };
  return { port, stop, deps };
}
