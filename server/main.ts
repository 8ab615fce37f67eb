import pino from "pino";
import { ConfigError, loadConfig } from "./config";
import { DataDirBusyError } from "./db/dataDirLock";
import { createLogger } from "./logger";
import { startServer } from "./start";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Written by libuv's threads, not the thread serving requests: one line a request, each a write to
// stdout, cost that thread as much as a small answer (docs/decisions.md). Lines waiting when the
// process exits are flushed first (pino's own exit hook).
const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: false }));
const running = await startServer(config, logger).catch((error) => {
  if (error instanceof DataDirBusyError) logger.fatal(error.message);
  else logger.fatal({ err: error }, "could not start");
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // The same signal again meets no listener and ends the process at once: an impatient second Ctrl-C.
  process.once(signal, () => {
    running.stop(signal).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
