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

const logger = createLogger(config.logLevel);
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
