import type { Logger } from "pino";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import { openDatabase } from "./db/database";
import { settledBy } from "./deadline";
import { createMailer } from "./mail/mailer";
import { simulatedBarText } from "./outside/simulation/simulatedBar";
import { serveApp } from "./serveApp";
import { ensureFirstAdmin, seedSystemRows } from "./services/accounts/adminBootstrap";
import { startBackgroundWork } from "./services/backgroundWork";

/**
 * Opens the database (migrating it), seeds what must exist, serves the app and starts its workers.
 * `clock` is the system's but in a test that runs the app as a process of its own on a moved clock.
 */
export async function startServer(config: Config, logger: Logger, clock: Clock = systemClock) {
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
  // Before anything is sent: the purchases this instance sends carry its id, and the others see it alive.
  const instance = await database.announce((error) =>
    logger.warn(
      { err: error.message },
      "the database connection that shows this instance alive was lost; others may ask about its purchases until it is back",
    ),
  );
  await seedSystemRows(database.db);
  await ensureFirstAdmin({ db: database.db, clock, logger }, config.admin);
  if (!config.smtpUrl) logger.warn("SMTP_URL is not set: emails, with their codes, are written to this log");
  if (config.simulators) {
    logger.warn(
      { production: config.production },
      `${simulatedBarText}: VTpass and Paystack are simulated by this app (SIMULATORS=on)`,
    );
  }

  const served = await serveApp(
    config,
    { db: database.db, instance, mailer: createMailer(config, logger), clock, config, logger },
    // Beside the database's folder, not in it: DATA_DIR is PGlite's own data directory.
    { journalDir: `${config.dataDir.replace(/[\\/]+$/, "")}-simulators` },
  );
  logger.info({ url: `http://localhost:${served.port}`, instance: instance.id }, "OjaPay is listening");
  const work = startBackgroundWork(served.deps, config.requeryIntervalMs);

  let stopping: Promise<void> | undefined;
  /**
   * Stops taking requests, lets those in flight, the background run in progress and the mail being
   * sent finish within SHUTDOWN_GRACE_MS, then closes the database. A purchase the grace cut is
   * pending in the database, where the requery worker of the next start (or another instance) finds it.
   */
  const stop = (signal?: string) => {
    stopping ??= (async () => {
      const graceMs = config.shutdownGraceMs;
      const deadline = Date.now() + graceMs;
      const inFlight = served.inFlight();
      // Both begin at once: the server stops listening now, the worker starts no new step.
      const requests = served.close(deadline);
      const working = work.stop();
      logger.info(
        { signal, in_flight: inFlight, grace_ms: graceMs },
        "stopping: no new requests; letting those in flight finish",
      );
      const drained = await requests;
      // The mail and SMS the last requests wrote (a sign-up's code, an identity code) go now, not at the next start.
      const backgroundDone = await settledBy(
        Promise.all([working, served.deps.outbox.idle(), served.deps.sms?.idle()]),
        deadline,
      );
      // What the grace cut is pending, recorded as this instance's: once it is gone, the others ask at once.
      await instance.close();
      await database.close();
      logger.info(
        { in_flight: drained.inFlight, cut: drained.cut, background_cut: !backgroundDone },
        "stopped",
      );
    })();
    return stopping;
  };
  return { port: served.port, stop, deps: served.deps };
}
