import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Queryable } from "../../db/database";
import { preparedOnce } from "../../db/preparedOnce";
import { sessions, users } from "../../db/schema";
import type { AuthSession } from "../../deps";
import { hashToken, newSessionToken } from "../../randomIds";
import type { SessionRecord, SessionSnapshots } from "./sessionSnapshots";

type SessionDeps = { db: Queryable; clock: Clock; config: Pick<Config, "sessionIdleMs" | "sessionMaxMs"> };

// Writing last_seen_at on every request would turn each read into a write; at most once a second
// keeps the idle limit accurate to the second (a session never ends early by more than that).
const touchEveryMs = 1_000;

export async function startSession(
  deps: SessionDeps,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.sessionMaxMs);
  await deps.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

const sessionByToken = (db: Queryable) =>
  preparedOnce(db, "session_by_token", (db, name) =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
      .limit(1)
      .prepare(name),
  );

/** The session, unless it is revoked, idle too long, past its absolute limit, or its account deactivated. */
function liveAt(deps: SessionDeps, { session, user }: SessionRecord, now: number): boolean {
  return !(
    session.revokedAt ||
    !user.isActive ||
    now >= session.expiresAt.getTime() ||
    now - session.lastSeenAt.getTime() >= idleLimitMs(deps.config.sessionIdleMs, user.role)
  );
}

/**
 * The session a bearer token belongs to, or null when it is unknown, revoked, idle too long, past its
 * absolute limit, or its account has been deactivated. With `snapshots`, a session this instance read
 * less than a second ago is answered from that read; a refusal is never made from one (another
 * instance may have seen the session since), only from the database.
 */
export async function findLiveSession(
  deps: SessionDeps,
  token: string,
  snapshots?: SessionSnapshots,
): Promise<AuthSession | null> {
  const tokenHash = hashToken(token);
  const now = deps.clock.now().getTime();
  let record = snapshots?.fresh(tokenHash, now);
  if (!record || !liveAt(deps, record, now)) {
    const mark = snapshots?.mark() ?? 0;
    [record] = await sessionByToken(deps.db).execute({ tokenHash });
    if (!record) return null;
    snapshots?.keep(tokenHash, record, now, mark);
    if (!liveAt(deps, record, now)) return null;
  }
  const { session, user } = record;
  if (now - session.lastSeenAt.getTime() >= touchEveryMs) {
    const lastSeenAt = new Date(now);
    await deps.db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, session.id));
    snapshots?.touched(tokenHash, lastSeenAt);
  }
  return { sessionId: session.id, user, secondFactorAt: session.secondFactorAt };
}

/** Console sessions (staff and admins) end after 15 idle minutes, whatever the customers' setting. */
export const consoleIdleMs = 15 * 60_000;
export const idleLimitMs = (customerIdleMs: number, role: string) =>
  role === "customer" ? customerIdleMs : Math.min(customerIdleMs, consoleIdleMs);

export async function endSession(deps: Pick<SessionDeps, "db" | "clock">, sessionId: string): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function endAllSessions(db: Queryable, clock: Clock, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Every session of the user but `keepSessionId` (a password change keeps the device that made it). */
export async function endOtherSessions(db: Queryable, clock: Clock, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}
