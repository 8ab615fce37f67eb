import { BlockList, isIP } from "node:net";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { RefusalCode } from "../../../schemas/refusals";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { apiKeys, priceLevels, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { Refusal } from "../../refusal";
import { canTransact } from "../people/profiles";
import type { RecentRecords } from "../recentRecords";
import { keyHashOf, keyPrefixOf } from "./apiKeys";
import { KeyCall } from "./keyCall";
import { countCall, retryAfterSeconds } from "./keyRateLimit";

type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface KeyCaller {
  key: ApiKeyRow;
  user: UserRow;
  /** The call, counted once against the key's rate limit: by the check, a purchase's hold, or as it ends. */
  call: KeyCall;
}

/** A key, its account and whether the account's level has API access, as one read found them. */
export interface KeyRecord {
  key: ApiKeyRow;
  user: UserRow;
  apiAccess: boolean;
}

/** Why a key's account may not call: its level lost API access, it is below KYC tier 2, or may not transact. */
export type AccessRefusal = { reason: "no_api_access" | "tier" | "restricted" };

/** Why a call made with a key is refused; each API words it in its own dialect. */
export type KeyRefusal =
  | { reason: "unknown_key" }
  | { reason: "address"; address: string | null }
  | AccessRefusal
  | { reason: "rate_limited"; retryAfterSeconds: number };

/** Whether `address` is one the key allows: none listed allows any; IPv4 and IPv6 compared as addresses. */
function addressAllowed(allowed: readonly string[], address: string | null): boolean {
  if (allowed.length === 0) return true;
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const ip of allowed) list.addAddress(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}

const liveKey = (prefix: string, hash: string) =>
  and(eq(apiKeys.prefix, prefix), eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt));

/** The key with its account, and the call counted in the same statement. */
function findAndCount(db: Database, prefix: string, hash: string, now: Date) {
  const counted = db
    .$with("counted")
    .as(
      countCall(
        db,
        sql`(select id from ${apiKeys} where ${liveKey(prefix, hash)})`,
        sql`${now}::timestamptz`,
      ),
    );
  return db
    .with(counted)
    .select({
      key: apiKeys,
      user: users,
      apiAccess: priceLevels.apiAccess,
      counted: sql<boolean>`exists (select from counted)`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(priceLevels, eq(priceLevels.slug, users.priceLevel))
    .where(liveKey(prefix, hash));
}

function find(db: Database, prefix: string, hash: string) {
  return db
    .select({ key: apiKeys, user: users, apiAccess: priceLevels.apiAccess })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(priceLevels, eq(priceLevels.slug, users.priceLevel))
    .where(liveKey(prefix, hash));
}

/**
 * The account behind a key, or why the call is refused: an unknown or revoked key; an address the key
 * does not allow; an account whose level no longer has API access, below KYC tier 2, or unable to
 * transact; a key over its rate limit. With `count`, the call is counted in the statement that finds
 * the key (refused calls count too: a flood with a stolen key from elsewhere costs its owner a wait,
 * never money). Without it (a purchase, whose hold counts it), the key may come from what this
 * instance read less than `READ_CACHE_MS` ago, as sessions do: a purchase then costs no statement more.
 */
export async function callerOfKey(
  deps: { db: Database; clock: Clock },
  sent: string,
  address: string | null,
  options: { count: boolean; recent: RecentRecords<KeyRecord> | null },
): Promise<KeyCaller | KeyRefusal> {
  const prefix = keyPrefixOf(sent);
  if (!prefix) return { reason: "unknown_key" };
  const hash = keyHashOf(sent);
  const now = deps.clock.now();
  const mark = options.recent?.mark() ?? 0;
  let record: KeyRecord | undefined;
  let counted = false;
  if (options.count) {
    const [found] = await findAndCount(deps.db, prefix, hash, now);
    record = found;
    counted = found?.counted ?? false;
  } else {
    record = options.recent?.fresh(hash, now.getTime()) ?? (await find(deps.db, prefix, hash))[0];
  }
  if (!record) return { reason: "unknown_key" };
  options.recent?.keep(hash, record, now.getTime(), mark);
  const { key, user } = record;
  if (!addressAllowed(key.allowedIps, address)) return { reason: "address", address };
  const refused = accessRefusal({
    apiAccess: record.apiAccess,
    kycTier: user.kycTier,
    mayTransact: canTransact(user),
  });
  if (refused) return refused;
  if (options.count && !counted)
    return { reason: "rate_limited", retryAfterSeconds: retryAfterSeconds(key, now) };
  return { key, user, call: new KeyCall(deps, key, options.count) };
}

/** What a key's account must be for its calls: a level with API access, KYC tier 2, allowed to transact. */
export function accessRefusal(account: {
  apiAccess: boolean;
  kycTier: number;
  mayTransact: boolean;
}): AccessRefusal | null {
  if (!account.apiAccess) return { reason: "no_api_access" };
  if (account.kycTier < 2) return { reason: "tier" };
  if (!account.mayTransact) return { reason: "restricted" };
  return null;
}

/** The account refusals of a key's call in our words (the v1 API's; the market's dialect has its own). */
const accessWords = {
  no_api_access: ["forbidden", "API access is for the Reseller and API levels."],
  tier: ["forbidden", "API access needs KYC tier 2."],
  restricted: [
    "account_restricted",
    "Your account cannot make purchases or add money right now. Please contact support.",
  ],
} as const satisfies Record<string, readonly [RefusalCode, string]>;

/**
 * A key's call refused for its account after the gate (a purchase's hold found the account changed
 * since this instance read it): in our words, with the reason each dialect words its own way.
 */
export class KeyCallRefused extends Refusal {
  constructor(readonly refusal: AccessRefusal) {
    const [code, msg] = accessWords[refusal.reason];
    super(code, msg);
  }
}

/** A key unknown or revoked, found so after the gate too (a purchase's hold), in our words. */
export const invalidKey = () =>
  new Refusal("invalid_key", "This API key is not valid: it is unknown or was revoked.");

export const isKeyCaller = <R extends { reason: string }>(found: KeyCaller | R): found is KeyCaller =>
  "key" in found;
