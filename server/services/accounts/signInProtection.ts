import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { tryCounters } from "../../db/schema";

/**
 * Wrong passwords for one email from any mix of addresses. The per-address waits (accounts.ts,
 * loginRules) slow each guesser, but forty addresses guessing four times each are never slowed: from
 * `threshold` wrong passwords in a day on, signing in to that email also needs a code mailed to its
 * owner, which the owner can always give and a guesser cannot. Counted for every email, known or not,
 * so the answer says nothing about which have accounts.
 */
export const accountGuard = { threshold: 10, forgetAfterMs: 24 * 3_600_000 } as const;

/** A guess whose process died mid-check stops counting as in flight after this. */
const inFlightLapseMs = 30_000;

const accountKey = (email: string) => `login-account:${email}`;

/**
 * Lets one sign-in for the email in, counting it as in flight, in one statement, before its password
 * is checked: a burst of guesses from many addresses at once is judged by the wrong ones so far *and*
 * those being checked, so no more than `threshold` of them are ever checked without the code. Answers
 * whether this one needs the code. Every call is followed by `leaveAccountGuard`.
 */
export async function enterAccountGuard(db: Queryable, clock: Clock, email: string): Promise<boolean> {
  const now = clock.now();
  const forgetBefore = new Date(now.getTime() - accountGuard.forgetAfterMs).toISOString();
  const lapseBefore = new Date(now.getTime() - inFlightLapseMs).toISOString();
  const t = tryCounters;
  const stale = sql`${t.updatedAt} <= ${forgetBefore}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ key: accountKey(email), failures: 0, pending: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${stale} then 0 else ${t.failures} end`,
        pending: sql`case when ${t.updatedAt} <= ${lapseBefore}::timestamptz then 0 else ${t.pending} end + 1`,
        updatedAt: now,
      },
    })
    .returning({ failures: t.failures, pending: t.pending });
  // The guesses before this one: the wrong ones, and the others still being checked.
  return !!row && row.failures + row.pending - 1 >= accountGuard.threshold;
}

/** Settles a sign-in `enterAccountGuard` let in: counts it when its password was wrong; answers the count. */
export async function leaveAccountGuard(
  db: Queryable,
  clock: Clock,
  email: string,
  wrongPassword: boolean,
): Promise<number> {
  const t = tryCounters;
  const [row] = await db
    .update(t)
    .set({
      ...(wrongPassword && { failures: sql`${t.failures} + 1` }),
      pending: sql`greatest(${t.pending} - 1, 0)`,
      updatedAt: clock.now(),
    })
    .where(eq(t.key, accountKey(email)))
    .returning({ failures: t.failures });
  return row?.failures ?? 0;
}
