import { count, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/database";
import { newestPageOf } from "../../db/paging";
import { referralBonuses, transactions, users } from "../../db/schema";

const referrers = alias(users, "referrers");
const ref = (u: typeof users.$inferSelect) => ({
  id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  phone: u.phone,
});

/** Who referred whom, newest first, and whether the referrer's bonus has been paid. */
export async function listReferrals(db: Database, query: { page: number; page_size: number }) {
  const [total] = await db.select({ n: count() }).from(users).where(isNotNull(users.referredBy));
  const rows = db
    .select({
      referred: users,
      referrer: referrers,
      bonus: referralBonuses,
      paidWith: transactions.reference,
    })
    .from(users)
    .innerJoin(referrers, eq(referrers.id, users.referredBy))
    .leftJoin(referralBonuses, eq(referralBonuses.referredUserId, users.id))
    .leftJoin(transactions, eq(transactions.id, referralBonuses.transactionId))
    .where(isNotNull(users.referredBy))
    .$dynamic();
  return newestPageOf(query, total?.n, rows, users, (r) => ({
    referrer: ref(r.referrer),
    referred: { ...ref(r.referred), date_joined: r.referred.createdAt.toISOString() },
    state: r.bonus ? ("paid" as const) : ("waiting" as const),
    bonus: r.bonus?.amount ?? null,
    paid_at: r.bonus?.paidAt.toISOString() ?? null,
    reference: r.paidWith ?? null,
  }));
}
