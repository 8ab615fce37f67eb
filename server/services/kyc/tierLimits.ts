import { eq, sql } from "drizzle-orm";
import { defaultKycLimits, type KycLimits, type KycTier } from "../../../schemas/kyc";
import { formatNaira } from "../../../schemas/money";
import { purchaseKinds } from "../../../schemas/transactions";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { operatorSettings } from "../../db/schema";
import type { UserRow } from "../../deps";
import { lagosDay } from "../../lagosCalendar";
import { Refusal } from "../../refusal";

export interface TierLimit {
  dailyLimit: number;
  maxBalance: number;
}

type SettingsRow = typeof operatorSettings.$inferSelect;

/** Each limit of the contract and the operator_settings column that keeps it: one map, read both ways. */
const limitColumns = {
  tier1_daily_limit: "tier1DailyLimit",
  tier1_max_balance: "tier1MaxBalance",
  tier2_daily_limit: "tier2DailyLimit",
  tier2_max_balance: "tier2MaxBalance",
  tier3_daily_limit: "tier3DailyLimit",
  tier3_max_balance: "tier3MaxBalance",
} as const satisfies Record<keyof KycLimits, keyof SettingsRow>;
const limitKeys = Object.keys(limitColumns) as Array<keyof KycLimits>;
type LimitValues = Pick<SettingsRow, (typeof limitColumns)[keyof KycLimits]>;

/** The columns to write for `limits`. */
export function kycLimitValues(limits: KycLimits): LimitValues {
  return Object.fromEntries(limitKeys.map((key) => [limitColumns[key], limits[key]])) as LimitValues;
}

export function kycLimitsOf(row: SettingsRow | undefined): KycLimits {
  if (!row) return defaultKycLimits;
  return Object.fromEntries(limitKeys.map((key) => [key, row[limitColumns[key]]])) as KycLimits;
}

export async function readKycLimits(db: Queryable): Promise<KycLimits> {
  const [row] = await db.select().from(operatorSettings).where(eq(operatorSettings.id, 1));
  return kycLimitsOf(row);
}

export function limitOf(limits: KycLimits, tier: number): TierLimit {
  const t = Math.min(Math.max(tier, 1), 3) as KycTier;
  return { dailyLimit: limits[`tier${t}_daily_limit`], maxBalance: limits[`tier${t}_max_balance`] };
}

/** `purchaseKinds` as a Postgres array literal, for `purchases_on` (plain words: nothing to quote). */
export const purchaseKindsLiteral = `{${purchaseKinds.join(",")}}`;

/**
 * What the customer has bought since midnight in Lagos: pending and delivered purchases (a failed,
 * refunded or reversed one gave its money back). The database's `purchases_on` (db/functions/purchases_on.sql)
 * says which count, for this and for the hold's daily-limit check alike.
 */
export async function spentToday(db: Queryable, clock: Clock, userId: string): Promise<number> {
  const today = lagosDay(clock.now());
  const [row] = await db
    .select({
      total: sql`purchases_on(${userId}::uuid, ${today}::date, ${purchaseKindsLiteral}::text[])`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

const raiseIt = "Verify your BVN or NIN on your profile to raise it.";

/**
 * The refusal of a purchase that would take today's purchases past the tier's daily limit (the hold,
 * with the wallet locked, finds that `spent + total` is over it).
 */
export function dailyLimitRefusal(dailyLimit: number, tier: number, spent: number, total: number): Refusal {
  const left = Math.max(dailyLimit - spent, 0);
  return new Refusal(
    "limit_reached",
    `This purchase would take today's purchases to ${formatNaira(spent + total)}, over the ${formatNaira(dailyLimit)} daily limit of a tier ${tier} account (${formatNaira(left)} left today). ${tier === 1 ? raiseIt : "The limit starts afresh at midnight."}`,
    { data: { daily_limit: dailyLimit, spent_today: spent, tier } },
  );
}

/**
 * A funding that keeps the wallet within the tier's maximum balance, checked with the wallet row
 * locked. `staff` words it for the person funding someone else's wallet.
 */
export async function assertWithinBalanceLimit(
  tx: Queryable,
  customer: UserRow,
  balance: number,
  amount: number,
  who: "customer" | "staff",
): Promise<void> {
  const { maxBalance } = limitOf(await readKycLimits(tx), customer.kycTier);
  if (balance + amount <= maxBalance) return;
  const room = Math.max(maxBalance - balance, 0);
  const whose = who === "customer" ? "your wallet" : "this customer's wallet";
  const next =
    who === "customer"
      ? customer.kycTier === 1
        ? raiseIt
        : "Spend some of it first, or add less."
      : "An admin can raise the customer's tier from Manage users.";
  throw new Refusal(
    "limit_reached",
    `This would take ${whose} to ${formatNaira(balance + amount)}, over the ${formatNaira(maxBalance)} a tier ${customer.kycTier} account may hold (room for ${formatNaira(room)}). ${next}`,
    {
      fields: { amount: [`At most ${formatNaira(room)} can be added now.`] },
      data: { max_balance: maxBalance, balance, tier: customer.kycTier },
    },
  );
}
