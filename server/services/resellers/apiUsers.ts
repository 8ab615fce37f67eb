import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import type { ApiUser, apiUserListQuery } from "../../../schemas/apiKeyViews";
import { purchaseKinds } from "../../../schemas/transactions";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { containing } from "../../db/likePattern";
import { offsetOf, pageOf } from "../../db/paging";
import { apiKeys, transactions, users } from "../../db/schema";
import { lagosMonth } from "../../lagosCalendar";

/**
 * What a month's volume counts: purchases made with a key that took or may still take the money.
 * A failed purchase gave it back; a refunded or reversed one was given back later.
 */
const keptStatuses = ["successful", "pending"] as const;

/** Each account's keys, live and revoked, and the last call made with any of them. */
function keysByOwner(db: Database) {
  return db
    .select({
      userId: apiKeys.userId,
      live: sql<number>`count(*) filter (where ${apiKeys.revokedAt} is null)::int`.as("live"),
      revoked: sql<number>`count(*) filter (where ${apiKeys.revokedAt} is not null)::int`.as("revoked"),
      lastUsedAt: sql`max(${apiKeys.lastUsedAt})`.mapWith(apiKeys.lastUsedAt).as("last_used_at"),
    })
    .from(apiKeys)
    .groupBy(apiKeys.userId)
    .as("key_owners");
}

/**
 * Each account's purchases with its keys in the Lagos month holding `now`. Read through the keys, so
 * the partial index on (api_key_id, created_at) finds each key's month without scanning the rest.
 */
function monthByOwner(db: Database, now: Date) {
  const month = lagosMonth(now);
  return db
    .select({
      userId: apiKeys.userId,
      purchases: sql<number>`count(*)::int`.as("purchases"),
      volume: sql<string>`sum(${transactions.total})`.as("volume"),
    })
    .from(apiKeys)
    .innerJoin(transactions, eq(transactions.apiKeyId, apiKeys.id))
    .where(
      and(
        gte(transactions.createdAt, month.start),
        lt(transactions.createdAt, month.end),
        inArray(transactions.status, keptStatuses),
        inArray(transactions.kind, purchaseKinds),
      ),
    )
    .groupBy(apiKeys.userId)
    .as("month_volume");
}

/**
 * The console's API users: every account that holds or held a key, highest volume this Lagos month
 * first. Two statements whatever the page size (the count and the page), each grouping the keys and
 * the month's purchases once, rather than a query per account.
 */
export async function listApiUsers(
  deps: { db: Database; clock: Clock },
  query: z.output<typeof apiUserListQuery>,
) {
  const { db } = deps;
  const owners = keysByOwner(db);
  const like = query.search ? containing(query.search) : undefined;
  const where = like
    ? or(
        ilike(users.email, like),
        // The whole name too, so "Ada Okafor" finds Ada Okafor.
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )
    : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .where(and(where, sql`exists (select 1 from ${apiKeys} where ${apiKeys.userId} = ${users.id})`));

  const month = monthByOwner(db, deps.clock.now());
  const volume = sql<string>`coalesce(${month.volume}, 0)`;
  const purchases = sql<number>`coalesce(${month.purchases}, 0)`;
  const rows = await db
    .select({
      user: users,
      live: owners.live,
      revoked: owners.revoked,
      lastUsedAt: owners.lastUsedAt,
      purchases,
      volume,
    })
    .from(owners)
    .innerJoin(users, eq(users.id, owners.userId))
    .leftJoin(month, eq(month.userId, owners.userId))
    .where(where)
    .orderBy(desc(volume), desc(purchases), sql`${owners.lastUsedAt} desc nulls last`, users.id)
    .limit(query.page_size)
    .offset(offsetOf(query));

  return pageOf(
    query,
    total?.n,
    rows.map(
      ({ user, live, revoked, lastUsedAt, purchases, volume }): ApiUser => ({
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        email: user.email,
        level: user.priceLevel,
        kyc_tier: user.kycTier,
        live_keys: live,
        revoked_keys: revoked,
        last_used_at: lastUsedAt?.toISOString() ?? null,
        month_purchases: Number(purchases),
        month_volume: Number(volume),
      }),
    ),
  );
}
