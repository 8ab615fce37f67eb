import { readFileSync, writeFileSync } from "node:fs";
import type { Clock } from "../../../server/clock";
import { loadConfig } from "../../../server/config";
import { createLogger } from "../../../server/logger";
import { startServer } from "../../../server/start";

/**
 * A clock some milliseconds ahead of the system's, the offset read from the file `path` at each
 * reading: the test that writes it moves an app running as a process of its own through days in
 * seconds, and a restarted process goes on from where the file says.
 */
export const fileClock = (path: string): Clock => ({
  now: () => new Date(Date.now() + Number(readFileSync(path, "utf8") || 0)),
});

/** Moves a file clock to `at` (the offset from now the file then holds). */
export const moveFileClock = (path: string, at: Date) =>
  writeFileSync(path, String(at.getTime() - Date.now()));

// Run as a script (startChildServer): the app as server/main.ts starts it, on the clock of MOVED_CLOCK_FILE.
if (process.argv[1]?.endsWith("movedClockMain.ts")) {
  const path = process.env.MOVED_CLOCK_FILE;
  if (!path) throw new Error("MOVED_CLOCK_FILE names the clock's file");
  const config = loadConfig();
  const running = await startServer(config, createLogger(config.logLevel), fileClock(path));
  process.on("SIGTERM", () => {
    running.stop("SIGTERM").then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
