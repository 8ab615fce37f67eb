import { eq } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { tryCounters } from "../../db/schema";
import { Refusal } from "../../refusal";
import { codeRules } from "../accounts/oneTimeCodes";

const noticeKey = (email: string) => `notice:password_reset:${email}`;

/**
 * Records a "no account uses this email" notice about to be mailed for a password reset, at most one a
 * minute per email, as a reset code for an account is (`issueCode`): refused with the same
 * `rate_limited` within the minute. It takes the same three steps a code does (read the last one,
 * retire it, record the new one), so an email without an account is answered after the same work as
 * one with. The record is a `try_counters` row, dropped with the other idle ones after a day.
 */
export async function recordNoAccountNotice(db: Queryable, clock: Clock, email: string): Promise<void> {
  const now = clock.now();
  const t = tryCounters;
  const key = noticeKey(email);
  const [last] = await db.select({ at: t.updatedAt }).from(t).where(eq(t.key, key)).limit(1);
  if (last && last.at.getTime() + codeRules.resendAfterMs > now.getTime())
    throw new Refusal("rate_limited", "A notice was mailed to this email within the minute.");
  await db.delete(t).where(eq(t.key, key));
  await db
    .insert(t)
    .values({ key, failures: 0, pending: 0, updatedAt: now })
    .onConflictDoUpdate({ target: t.key, set: { updatedAt: now } });
}
