import { sql } from "drizzle-orm";

/** What `purchase_hold` (db/functions/purchase_hold.sql) answers: the first check that failed, or the purchase held. */
export type HoldAnswer =
  | { outcome: "no_wallet" | "taken" }
  | { outcome: "duplicate"; duplicate_of: string }
  | { outcome: "over_limit" | "over_key_cap"; spent_today: number }
  | { outcome: "insufficient"; balance: number }
  | { outcome: "held"; purchase: Record<string, unknown> };

/** `purchase_hold`'s arguments, as placeholders (`holdMoney` gives their values). */
export function holdCall() {
  const value = (key: string, type: string) => sql`${sql.placeholder(key)}::${sql.raw(type)}`;
  return sql`purchase_hold(${sql.join(
    [
      value("userId", "uuid"),
      value("walletId", "uuid"),
      value("requestId", "uuid"),
      value("kind", "text"),
      value("recipient", "text"),
      value("total", "bigint"),
      value("duplicateSince", "timestamptz"),
      value("purchaseKinds", "text[]"),
      value("dailyLimit", "bigint"),
      value("rows", "jsonb"),
      value("keyId", "uuid"),
      value("keyCap", "bigint"),
    ],
    sql`, `,
  )})`;
}
