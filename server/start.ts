import type { Logger } from "pino";
import { systemClock } from "./clock";
import type { Config } from "./config";
import { openDatabase } from "./db/database";
import { createMailer } from "./mail/mailer";
import { simulatedBarText } from "./outside/simulation/simulatedBar";
import { serveApp } from "./serveApp";
import { ensureFirstAdmin, seedSystemRows } from "./services/adminBootstrap";
import { startBackgroundWork } from "./services/backgroundWork";

/** Opens the database (migrating it), seeds what must exist, serves the app and starts its workers. */
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
  if (config.simulators) {
    logger.warn(
      { production: config.production },
      `${simulatedBarText}: VTpass and Paystack are simulated by this app (SIMULATORS=on)`,
    );
  }

  const served = await serveApp(
    config,
    { db: database.db, mailer: createMailer(config, logger), clock: systemClock, config, logger },
    // Beside the database's folder, not in it: DATA_DIR is PGlite's own data directory.
    { journalDir: `${config.dataDir.replace(/[\\/]+$/, "")}-simulators` },
  );
  logger.info({ url: `http://localhost:${served.port}` }, "OjaPay is listening");
  const work = startBackgroundWork(served.deps, config.requeryIntervalMs);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    work.stop();
    stopping ??= served.close().then(() => database.close());
    return stopping;
  };
  return { port: served.port, stop, deps: served.deps };
}
