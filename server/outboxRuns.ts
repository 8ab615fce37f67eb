import type { Logger } from "pino";

/** An outbox's sender in this process: what callers and the background work reach it by. */
export interface OutboxRuns {
  /** Rows were just committed: send them soon, in this process, without the caller waiting. */
  kick(): void;
  /** Sends what is due and waits until it has gone (the background work). */
  sendDue(): Promise<number>;
  /** Waits for the sending a kick started, if any; asks the database nothing otherwise (tests reading it). */
  idle(): Promise<void>;
}

/**
 * Runs `sendDue` one run at a time. A kick during a run makes that run go round once more before it
 * ends, so a row committed meanwhile is not left for the next tick; other instances and the background
 * work's regular run pick up whatever a crash left behind.
 */
export function outboxRuns(
  sendDue: () => Promise<number>,
  logger: Pick<Logger, "error">,
  what: string,
): OutboxRuns {
  let running: Promise<number> | null = null;
  let again = false;
  const run = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let tried = 0;
      do {
        again = false;
        tried += await sendDue();
      } while (again);
      return tried;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    kick() {
      run().catch((error) => logger.error({ err: error }, `the ${what} outbox could not run`));
    },
    sendDue: run,
    async idle() {
      await running?.catch(() => {});
    },
  };
}
