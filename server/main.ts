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

/**
 * A person's second Ctrl-C at least this long after the first cuts the drain short. Sooner, it is the
 * same Ctrl-C relayed: a terminal signals the whole foreground group, and npm passes it on again.
 */
const impatientAfterMs = 1_000;
let firstInterrupt: number | undefined;

function stopGracefully(signal: NodeJS.Signals) {
  running.stop(signal).then(
    () => process.exit(0),
    () => process.exit(1),
  );
}

// Listeners stay for every signal after the first, so none ends the process by default.
process.on("SIGTERM", () => {
  // An orchestrator, systemd or npm may send it to every process of the group, and relay it again:
  // however often it comes, the drain runs to its end (SHUTDOWN_GRACE_MS).
  stopGracefully("SIGTERM");
});
process.on("SIGINT", () => {
  const now = Date.now();
  if (firstInterrupt !== undefined && now - firstInterrupt >= impatientAfterMs) {
    logger.warn("a second Ctrl-C: stopping at once, without waiting for the requests in flight");
    process.exit(130);
  }
  firstInterrupt ??= now;
  stopGracefully("SIGINT");
});
