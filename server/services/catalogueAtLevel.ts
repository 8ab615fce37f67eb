import { and, asc, eq, type SQL } from "drizzle-orm";
import type { LevelSlug } from "../../schemas/levelSlugs";
import type { Queryable } from "../db/database";
import { dataPlans } from "../db/schema";
import { dataService, type LevelPricing, levelDiscounts, offersByProduct, priceAtLevel } from "./priceLevels";

export type DataPlanRow = typeof dataPlans.$inferSelect;

/**
 * The data plans on sale, in the catalogue's order, each with its price at `level`: what the
 * customer's catalogue, the reseller APIs and the purchase all charge (schemas/pricing.ts).
 */
export async function dataPlansAtLevel(
  db: Queryable,
  level: LevelSlug,
  configured: LevelPricing["configured"],
  networkId?: number,
): Promise<{ plan: DataPlanRow; price: number }[]> {
  const onSale: SQL | undefined =
    networkId === undefined
      ? eq(dataPlans.enabled, true)
      : and(eq(dataPlans.networkId, networkId), eq(dataPlans.enabled, true));
  const [discounts, offers, rows] = await Promise.all([
    levelDiscounts(db, level),
    offersByProduct(db, "data"),
    db
      .select()
      .from(dataPlans)
      .where(onSale)
      .orderBy(asc(dataPlans.networkId), asc(dataPlans.sortOrder), asc(dataPlans.id)),
  ]);
  return rows.map((plan) => ({
    plan,
    price: priceAtLevel(
      plan.price,
      discounts[dataService(plan.planType)],
      offers.get(plan.id) ?? [],
      configured,
    ),
  }));
}
