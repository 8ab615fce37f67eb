import type { SessionRow, UserRow } from "../../deps";
import { recentRecords } from "../recentRecords";

/** A session and its account as one read found them. */
export interface SessionRecord {
  session: SessionRow;
  user: UserRow;
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
  const records = recentRecords<SessionRecord>(maxAgeMs, max);
  return {
    ...records,
    /** This instance's own touch of the session's last request, so its idle time reads true here. */
    touched(tokenHash: string, lastSeenAt: Date) {
      records.update(tokenHash, (record) => ({ ...record, session: { ...record.session, lastSeenAt } }));
    },
  };
}

export type SessionSnapshots = ReturnType<typeof sessionSnapshots>;
