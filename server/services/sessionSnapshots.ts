import { LRUCache } from "lru-cache";
import type { SessionRow, UserRow } from "../deps";

/** A session and its account as one read found them. */
export interface SessionRecord {
  session: SessionRow;
  user: UserRow;
}

interface Snapshot {
  record: SessionRecord;
  readAt: number;
}

/**
 * The sessions this instance has read lately, by token hash, so a signed-in read costs no session
 * query: each is answered from for at most `maxAgeMs` (a second at most, so a session revoked through
 * another instance is refused here within it), and all are forgotten at once by `forgetAll`, which a
 * request that may change an account or a session calls when it ends (sessionGate.ts): on this instance
 * a revocation, a deactivation or a profile change shows to the very next request.
 *
 * A read that began before a `forgetAll` is not kept: it may have found the row as it was before the
 * change was written.
 */
export function sessionSnapshots(maxAgeMs: number, max = 10_000) {
  const snapshots = new LRUCache<string, Snapshot>({ max });
  let generation = 0;
  return {
    enabled: maxAgeMs > 0,
    /** The session as read less than `maxAgeMs` ago, if it was. */
    fresh(tokenHash: string, now: number): SessionRecord | undefined {
      const snapshot = snapshots.get(tokenHash);
      if (!snapshot) return undefined;
      if (now - snapshot.readAt < maxAgeMs && now >= snapshot.readAt) return snapshot.record;
      snapshots.delete(tokenHash);
      return undefined;
    },
    /** Where a read starts: what `keep` checks that nothing was forgotten since. */
    mark: () => generation,
    keep(tokenHash: string, record: SessionRecord, readAt: number, mark: number) {
      if (maxAgeMs > 0 && mark === generation) snapshots.set(tokenHash, { record, readAt });
    },
    /** This instance's own touch of the session's last request, so its idle time reads true here. */
    touched(tokenHash: string, lastSeenAt: Date) {
      const snapshot = snapshots.get(tokenHash);
      if (snapshot)
        snapshot.record = { ...snapshot.record, session: { ...snapshot.record.session, lastSeenAt } };
    },
    forgetAll() {
      generation += 1;
      snapshots.clear();
    },
  };
}

export type SessionSnapshots = ReturnType<typeof sessionSnapshots>;
