import { type SessionSnapshots, sessionSnapshots } from "./accounts/sessionSnapshots";
import { recentRecords } from "./recentRecords";
import type { KeyRecord } from "./resellers/apiCallers";

/** One value as last read, answered from for at most `maxAgeMs`; a load that began before `forget` is not kept. */
export function valueSnapshot<T>(maxAgeMs: number, now: () => number) {
  let kept: { value: T; readAt: number } | undefined;
  let generation = 0;
  return {
    async read(load: () => Promise<T>): Promise<T> {
      const at = now();
      if (kept && at - kept.readAt < maxAgeMs && at >= kept.readAt) return kept.value;
      const mark = generation;
      const value = await load();
      if (maxAgeMs > 0 && mark === generation) kept = { value, readAt: at };
      return value;
    },
    forget() {
      generation += 1;
      kept = undefined;
    },
  };
}

/**
 * What one app instance keeps of what it read from the database, for at most `READ_CACHE_MS` (a
 * second at most): the sessions (sessionSnapshots.ts), the API keys a purchase was made with (a key's
 * other calls count against its rate limit as they find it), and the public status (the emergency switch).
 * The truth stays in the database, shared by every instance; a write through this instance forgets it
 * all as it ends (sessionGate.ts), so this instance never answers from what it changed itself.
 */
export function recentReads(maxAgeMs: number, now: () => number) {
  const sessions: SessionSnapshots = sessionSnapshots(maxAgeMs);
  const keys = recentRecords<KeyRecord>(maxAgeMs);
  const status = valueSnapshot<{ enabled: boolean; message: string }>(maxAgeMs, now);
  return {
    enabled: maxAgeMs > 0,
    sessions,
    keys,
    status,
    forgetAll() {
      sessions.forgetAll();
      keys.forgetAll();
      status.forget();
    },
  };
}

export type RecentReads = ReturnType<typeof recentReads>;
