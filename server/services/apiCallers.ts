import { BlockList, isIP } from "node:net";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { apiKeys, priceLevels, users } from "../db/schema";
import type { UserRow } from "../deps";
import { keyHashOf, keyPrefixOf } from "./apiKeys";
import { canTransact } from "./profiles";

type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface KeyCaller {
  key: ApiKeyRow;
  user: UserRow;
}

/** Why a call made with a key is refused; each API words it in its own dialect. */
export type KeyRefusal =
  | { reason: "unknown_key" }
  | { reason: "address"; address: string | null }
  | { reason: "no_api_access" | "tier" | "restricted" }
  | { reason: "rate_limited"; retryAfterSeconds: number };

/** Whether `address` is one the key allows: none listed allows any; IPv4 and IPv6 compared as addresses. */
export function addressAllowed(allowed: readonly string[], address: string | null): boolean {
  if (allowed.length === 0) return true;
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const ip of allowed) list.addAddress(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The key's call let in by its rate limit, in the statement that finds it (GCRA: `bucket_at` is when
 * the calls let in so far would all have been spent at `rate_per_second`; a call is let in while that,
 * one call on, is at most `burst` calls ahead of now). The update re-reads the row it locks, so calls
 * from every instance at once are counted one after another.
 */
function findAndTake(db: Database, prefix: string, hash: string, now: Date) {
  const step = sql`make_interval(secs => 1.0 / ${apiKeys.ratePerSecond})`;
  const next = sql`greatest(${apiKeys.bucketAt}, ${now}::timestamptz) + ${step}`;
  const sameKey = and(eq(apiKeys.prefix, prefix), eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt));
  const taken = db.$with("taken").as(
    db
      .update(apiKeys)
      .set({ bucketAt: sql`${next}`, lastUsedAt: now })
      .where(
        and(
          sameKey,
          sql`${next} <= ${now}::timestamptz + make_interval(secs => ${apiKeys.burst}::float8 / ${apiKeys.ratePerSecond})`,
        ),
      )
      .returning({ id: apiKeys.id }),
  );
  return db
    .with(taken)
    .select({
      key: apiKeys,
      user: users,
      apiAccess: priceLevels.apiAccess,
      taken: sql<boolean>`exists (select from taken)`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(priceLevels, eq(priceLevels.slug, users.priceLevel))
    .where(sameKey);
}

/**
 * The account behind a key, or why the call is refused: an unknown or revoked key; an address the key
 * does not allow; an account whose level no longer has API access, below KYC tier 2, or unable to
 * transact; a key over its rate limit. Refused calls count against the rate limit too (a flood with a
 * stolen key from elsewhere costs its owner nothing but waiting).
 */
export async function callerOfKey(
  deps: { db: Database; clock: Clock },
  sent: string,
  address: string | null,
): Promise<KeyCaller | KeyRefusal> {
  const prefix = keyPrefixOf(sent);
  if (!prefix) return { reason: "unknown_key" };
  const now = deps.clock.now();
  const [found] = await findAndTake(deps.db, prefix, keyHashOf(sent), now);
  if (!found) return { reason: "unknown_key" };
  const { key, user } = found;
  if (!addressAllowed(key.allowedIps, address)) return { reason: "address", address };
  if (!found.apiAccess) return { reason: "no_api_access" };
  if (user.kycTier < 2) return { reason: "tier" };
  if (!canTransact(user)) return { reason: "restricted" };
  if (!found.taken) {
    const due = (key.bucketAt?.getTime() ?? now.getTime()) + 1000 / key.ratePerSecond;
    const early = due - now.getTime() - (key.burst * 1000) / key.ratePerSecond;
    return { reason: "rate_limited", retryAfterSeconds: Math.max(1, Math.ceil(early / 1000)) };
  }
  return { key, user };
}

export const isKeyCaller = <R extends { reason: string }>(found: KeyCaller | R): found is KeyCaller =>
  "key" in found;
