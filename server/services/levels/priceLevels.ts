import { and, eq } from "drizzle-orm";
import type { DataPlanType } from "../../../schemas/catalogue";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { LevelPatch, PriceLevel } from "../../../schemas/levels";
import { basisPoints, levelPrice } from "../../../schemas/pricing";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { priceLevels, providerProducts } from "../../db/schema";
import { notFound } from "../../refusal";
import { recordAuditBy } from "../audit";
import { dearestCost, leastCommissionPercent, type OfferTerms } from "../catalogue/pricingRule";
import type { Actor } from "../people/actor";

type LevelRow = typeof priceLevels.$inferSelect;

/** What a level's discounts apply to: airtime, data by plan type, cable TV, electricity. */
export type LevelService =
  | "airtime"
  | `data_${DataPlanType}`
  | "tv"
  | "electricity"
  | "exam_pin"
  | "recharge_pin";

/** Each service's column of `price_levels`, in basis points; the editor names it `<service>_percent`. */
const serviceColumns = {
  airtime: "airtimeBp",
  data_sme: "dataSmeBp",
  data_corporate_gifting: "dataCorporateGiftingBp",
  data_gifting: "dataGiftingBp",
  data_direct: "dataDirectBp",
  tv: "tvBp",
  electricity: "electricityBp",
  exam_pin: "examPinBp",
  recharge_pin: "rechargePinBp",
} as const satisfies Record<LevelService, keyof LevelRow>;
const services = Object.keys(serviceColumns) as LevelService[];
type PercentField = `${LevelService}_percent`;
const percentField = (service: LevelService): PercentField => `${service}_percent`;

export function levelView(row: LevelRow): PriceLevel {
  const percents = Object.fromEntries(
    services.map((service) => [percentField(service), row[serviceColumns[service]] / 100]),
  ) as Record<PercentField, number>;
  return {
    slug: row.slug,
    name: row.name,
    position: row.position,
    upgrade_fee: row.upgradeFee,
    ...percents,
    api_access: row.apiAccess,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

/** What a patch writes: names and fees as given, percents as basis points. */
function levelValues(patch: LevelPatch): Partial<LevelRow> {
  const values: Partial<LevelRow> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.upgrade_fee !== undefined) values.upgradeFee = patch.upgrade_fee;
  for (const service of services) {
    const percent = patch[percentField(service)];
    if (percent !== undefined) values[serviceColumns[service]] = basisPoints(percent);
  }
  return values;
}

/** The fields a patch names, as they stood: the audit's `before`. */
const asBefore = (view: PriceLevel, patch: LevelPatch) =>
  Object.fromEntries(Object.keys(patch).map((key) => [key, view[key as keyof PriceLevel]]));

/** An admin changes a level's name, fee or discounts; audited with what they were. */
export async function updateLevel(
  deps: { db: Database; clock: Clock },
  actor: Actor,
  slug: LevelSlug,
  patch: LevelPatch,
): Promise<PriceLevel> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(priceLevels).where(eq(priceLevels.slug, slug)).for("update");
    if (!before) throw notFound("No such price level.");
    const [after] = await tx
      .update(priceLevels)
      .set({ ...levelValues(patch), updatedAt: deps.clock.now(), updatedBy: actor.user.id })
      .where(eq(priceLevels.slug, slug))
      .returning();
    if (!after) throw notFound("No such price level.");
    await recordAuditBy(tx, deps.clock, actor, {
      action: "level.update",
      targetType: "price_level",
      targetId: slug,
      before: asBefore(levelView(before), patch),
      after: patch,
    });
    return levelView(after);
  });
}

/** A level's discount per service, in basis points. */
export type LevelDiscounts = Record<LevelService, number>;

/** A level's discounts; none (everything at its own price) when there is no row. */
export function discountsOf(row: LevelRow | null | undefined): LevelDiscounts {
  return Object.fromEntries(
    services.map((service) => [service, row?.[serviceColumns[service]] ?? 0]),
  ) as LevelDiscounts;
}

/** The discounts of the level `slug`. */
export async function levelDiscounts(db: Queryable, slug: LevelSlug): Promise<LevelDiscounts> {
  const [row] = await db.select().from(priceLevels).where(eq(priceLevels.slug, slug));
  return discountsOf(row);
}

/** The level service of a data plan's type. */
export const dataService = (planType: DataPlanType): LevelService => `data_${planType}`;

/**
 * What a purchase is priced with at the customer's level: the level's discounts, and which providers
 * are configured (only their offers' costs bound a discount).
 */
export interface LevelPricing {
  level: LevelDiscounts;
  configured: (provider: string) => boolean;
}

/**
 * Airtime's discount at a level, in percent: the level's on top of the network's own, but never past
 * the smallest commission of the offers that may deliver it. A level never sells below cost; a
 * network discount staff set past the commission (a loss they confirmed) is left as it is.
 */
export function airtimeDiscountAtLevel(
  networkBp: number,
  levelBp: number,
  offers: readonly OfferTerms[],
  configured: LevelPricing["configured"],
): number {
  const commission = leastCommissionPercent(offers, configured);
  const room = commission === null ? 0 : Math.max(0, basisPoints(commission) - networkBp);
  return (networkBp + Math.min(levelBp, room)) / 100;
}

/**
 * A data plan's or bouquet's price at a level: the level's discount off it, or the plan's fixed price
 * at the level (never above its own price), but never below the dearest cost of the offers that may
 * deliver it (less a fee the customer pays beside it). A price staff set below that (a loss they
 * confirmed) is not lowered further.
 */
export function priceAtLevel(
  price: number,
  levelBp: number,
  offers: readonly OfferTerms[],
  configured: LevelPricing["configured"],
  fee = 0,
  fixed: number | null = null,
): number {
  const discounted = fixed === null ? levelPrice(price, levelBp) : Math.min(fixed, price);
  const cost = dearestCost(offers, configured);
  if (cost === null) return discounted;
  return Math.max(discounted, Math.min(price, cost - fee));
}

/** The enabled offers of every product of a service, by product: what bounds a level's discount. */
export async function offersByProduct(
  db: Queryable,
  service: (typeof providerProducts.$inferSelect)["service"],
): Promise<Map<number, OfferTerms[]>> {
  const rows = await db
    .select()
    .from(providerProducts)
    .where(and(eq(providerProducts.service, service), eq(providerProducts.enabled, true)));
  const byProduct = new Map<number, OfferTerms[]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}
