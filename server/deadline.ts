import { setTimeout as sleep } from "node:timers/promises";

/**
 * Whether `work` settles (either way) before `deadline`, a `Date.now()` time; false once the deadline
 * passes first. The timer is cancelled when the work wins, so it keeps no process alive after.
 */
export async function settledBy(work: Promise<unknown>, deadline: number): Promise<boolean> {
  const cancel = new AbortController();
  const graceOver = sleep(Math.max(0, deadline - Date.now()), false, { signal: cancel.signal }).catch(
    () => false,
  );
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      graceOver,
    ]);
  } finally {
    cancel.abort();
  }
}
