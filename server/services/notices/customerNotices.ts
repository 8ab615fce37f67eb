import { and, count, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database, Transaction } from "../../db/database";
import { circulars, notifications, users } from "../../db/schema";

/** A notice in one customer's inbox, written with the change it tells them of. */
export async function noticeToCustomer(
  tx: Transaction,
  clock: Clock,
  userId: string,
  notice: { title: string; body: string },
): Promise<void> {
  await tx.insert(notifications).values({ ...notice, userId, createdAt: clock.now() });
}

/**
 * The notices in a customer's inbox (to everyone, or to them) newer than the last they have seen:
 * the inbox's opening, or before it was ever opened, the account's making (a notice sent before they
 * joined was never news to them).
 */
export async function unreadNoticeCount(db: Database, userId: string): Promise<number> {
  const seenUpTo = db
    .select({ at: sql`coalesce(${users.noticesReadAt}, ${users.createdAt})` })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        or(isNull(notifications.userId), eq(notifications.userId, userId)),
        gt(notifications.createdAt, sql`(${seenUpTo})`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The customer opened the inbox and saw every notice up to `upTo` (the newest it showed): those are
 * read. Never later than now, and never back: an older page of the inbox opened afterwards, or a
 * clock that disagrees, cannot make read notices unread again.
 */
export async function markNoticesRead(deps: { db: Database; clock: Clock }, userId: string, upTo: Date) {
  const seen = new Date(Math.min(upTo.getTime(), deps.clock.now().getTime())).toISOString();
  await deps.db
    .update(users)
    .set({
      noticesReadAt: sql`greatest(coalesce(${users.noticesReadAt}, ${users.createdAt}), ${seen}::timestamptz)`,
    })
    .where(eq(users.id, userId));
  return unreadNoticeCount(deps.db, userId);
}

/** The circulars on show now: begun and not yet ended, the latest first. */
export async function currentCirculars(deps: { db: Database; clock: Clock }) {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(circulars)
    .where(and(lte(circulars.startsAt, now), gt(circulars.endsAt, now)))
    .orderBy(desc(circulars.startsAt));
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    body: c.body,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
  }));
}
