import { sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { preparedOnce } from "../../db/preparedOnce";
import { apiKeys } from "../../db/schema";
import { countCall, invalidKey, keyRateLimited, retryAfterSeconds } from "../apiCallers";
import { type HoldAnswer, holdCall } from "./holdCall";
import type { PurchaseDeps } from "./placePurchase";

/** The API key a purchase is made with: its cap, its dialect, its limits, and whether its call is counted yet. */
export interface PurchaseKey {
  id: string;
  dailyCap: number | null;
  dialect: "msorg" | "v1";
  /**
   * Counted by the gate already, or by the hold (`countKeyAndHold` sets it): a purchase that ends
   * before its hold (a replay, a refusal) is counted afterwards (services/reseller/keyPurchases.ts).
   */
  counted: boolean;
  ratePerSecond: number;
  burst: number;
}

const keyId = sql`${sql.placeholder("keyId")}::uuid`;

/**
 * The hold of a purchase made with a key whose call is not counted yet: the call is counted against
 * the key's rate limit (services/apiCallers.ts) and the money held, only if it was, in one statement.
 * So a key's purchase costs no statement more than a customer's, whose session is read from memory;
 * and a key revoked on another instance a moment ago is refused here, whatever this instance read.
 */
const countAndHoldStatement = (db: Database) =>
  preparedOnce(db, "purchase_key_hold", (db, name) => {
    const counted = db.$with("counted").as(countCall(db, keyId, sql`${sql.placeholder("now")}::timestamptz`));
    return db
      .with(counted)
      .select({
        live: sql<boolean>`exists (select from ${apiKeys} where ${apiKeys.id} = ${keyId} and ${apiKeys.revokedAt} is null)`,
        counted: sql<boolean>`exists (select from counted)`,
        bucketAt:
          sql<Date | null>`(select ${apiKeys.bucketAt} from ${apiKeys} where ${apiKeys.id} = ${keyId})`.mapWith(
            apiKeys.bucketAt,
          ),
        answer: sql<HoldAnswer | null>`case when exists (select from counted) then ${holdCall()} end`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });

export async function countKeyAndHold(
  deps: Pick<PurchaseDeps, "db" | "clock">,
  key: PurchaseKey,
  values: Record<string, unknown>,
): Promise<HoldAnswer | undefined> {
  const now = deps.clock.now();
  const [sent] = await countAndHoldStatement(deps.db).execute({
    ...values,
    keyId: key.id,
    now: now.toISOString(),
  });
  if (!sent?.live) throw invalidKey();
  if (!sent.counted) {
    const limits = { bucketAt: sent.bucketAt, ratePerSecond: key.ratePerSecond, burst: key.burst };
    throw keyRateLimited(retryAfterSeconds(limits, now));
  }
  key.counted = true;
  return sent.answer ?? undefined;
}
