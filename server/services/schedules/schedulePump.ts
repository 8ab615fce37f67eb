import { placeDueRuns, type ScheduleDeps } from "./schedulePlacing";

/**
 * Places due runs in the running app without holding up the background work's other steps: each
 * `run` (every background run) sets `placeDueRuns` going unless it still is. Runs are claimed in the
 * database, so several instances share the due ones and never place one period at the same time.
 */
export function startSchedulePump(deps: ScheduleDeps) {
  let placing: Promise<unknown> | null = null;
  let stopped = false;
  return {
    run(): Promise<void> {
      if (stopped || placing) return Promise.resolve();
      placing = placeDueRuns(deps)
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, "could not claim scheduled runs; trying again next run"),
        )
        .finally(() => {
          placing = null;
        });
      return Promise.resolve();
    },
    /** Claims nothing more; resolves once the runs out have been placed. */
    async stop(): Promise<void> {
      stopped = true;
      await placing;
    },
  };
}

export type SchedulePump = ReturnType<typeof startSchedulePump>;
