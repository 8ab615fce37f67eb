import { eq, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Queryable } from "../db/database";
import { tryCounters } from "../db/schema";

/**
 * Wrong passwords for one email from any mix of addresses. The per-address waits (accounts.ts,
 * loginRules) slow each guesser, but forty addresses guessing four times each are never slowed: from
 * `threshold` wrong passwords in a day on, signing in to that email also needs a code mailed to its
 * owner, which the owner can always give and a guesser cannot. Counted for every email, known or not,
 * so the answer says nothing about which have accounts.
 */
export const accountGuard = { threshold: 10, forgetAfterMs: 24 * 3_600_000 } as const;

const accountKey = (email: string) => `login-account:${email}`;

/** Whether signing in to this email needs the mailed code now. */
export async function underAttack(db: Queryable, clock: Clock, email: string): Promise<boolean> {
  const [row] = await db
    .select({ failures: tryCounters.failures, updatedAt: tryCounters.updatedAt })
    .from(tryCounters)
    .where(eq(tryCounters.key, accountKey(email)));
  const forgetBefore = clock.now().getTime() - accountGuard.forgetAfterMs;
  return !!row && row.updatedAt.getTime() > forgetBefore && row.failures >= accountGuard.threshold;
}

/** Counts one wrong password for the email (a day of quiet starts it afresh); answers the count. */
export async function countWrongPassword(db: Queryable, clock: Clock, email: string): Promise<number> {
  const now = clock.now();
  const forgetBefore = new Date(now.getTime() - accountGuard.forgetAfterMs);
  const t = tryCounters;
  const [row] = await db
    .insert(t)
    .values({ key: accountKey(email), failures: 1, pending: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${t.updatedAt} <= ${forgetBefore.toISOString()}::timestamptz then 1 else ${t.failures} + 1 end`,
        updatedAt: now,
      },
    })
    .returning({ failures: t.failures });
  return row?.failures ?? 1;
}
