import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { waitWords } from "../../../schemas/waits";
import type { Database } from "../../db/database";
import { apiKeys } from "../../db/schema";
import { Refusal } from "../../refusal";

type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The key's rate limit (GCRA): `bucket_at` is when the calls let in so far would all have been spent
 * at `rate_per_second`; a call is let in while that, one call on, is at most `burst` calls ahead of
 * now. Written against the row being updated, which an UPDATE re-reads once it holds the row's lock,
 * so calls from every instance at once are counted one after another.
 */
function countedCall(now: SQL) {
  const step = sql`make_interval(secs => 1.0 / ${apiKeys.ratePerSecond})`;
  const next = sql`greatest(${apiKeys.bucketAt}, ${now}) + ${step}`;
  const within = sql`${next} <= ${now} + make_interval(secs => ${apiKeys.burst}::float8 / ${apiKeys.ratePerSecond})`;
  return { set: { bucketAt: next, lastUsedAt: now }, within };
}

/**
 * The update that counts one call of key `keyId` (a placeholder where prepared), if the limit lets it
 * and `when` (if given) holds.
 */
export function countCall(db: Database, keyId: SQL, now: SQL, when?: SQL) {
  const counted = countedCall(now);
  return db
    .update(apiKeys)
    .set(counted.set)
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt), counted.within, when))
    .returning({ id: apiKeys.id });
}

/** Counts one call of a key on its own, answering whether the limit let it in (and the key is live). */
export async function countKeyCall(db: Database, keyId: string, now: Date): Promise<boolean> {
  const counted = await countCall(db, sql`${keyId}::uuid`, sql`${now}::timestamptz`);
  return counted.length > 0;
}

/** How long until the key may call again, from its row as it was when refused. */
export function retryAfterSeconds(key: Pick<ApiKeyRow, "bucketAt" | "ratePerSecond" | "burst">, now: Date) {
  const due = (key.bucketAt?.getTime() ?? now.getTime()) + 1000 / key.ratePerSecond;
  const early = due - now.getTime() - (key.burst * 1000) / key.ratePerSecond;
  return Math.max(1, Math.ceil(early / 1000));
}

/** A call over the key's rate limit, in our words; how long to wait goes in `Retry-After`. */
export const keyRateLimited = (seconds: number) =>
  new Refusal("rate_limited", `This key made too many requests. Please wait ${waitWords(seconds * 1000)}.`, {
    data: { retry_after: seconds },
  });
