import { asc, count } from "drizzle-orm";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { CustomerLevel } from "../../../schemas/levelUpgrades";
import type { Queryable } from "../../db/database";
import { levelPlanPrices, priceLevels } from "../../db/schema";
import { discountsOf } from "./priceLevels";

type LevelRow = typeof priceLevels.$inferSelect;

/** A level as its customers read it: percents, not basis points, and nothing of who edited it when. */
export function customerLevelView(
  row: LevelRow,
  current: LevelSlug | null,
  fixedDataPrices = 0,
): CustomerLevel {
  const discounts = Object.fromEntries(
    Object.entries(discountsOf(row)).map(([service, bp]) => [service, bp / 100]),
  ) as CustomerLevel["discounts"];
  return {
    slug: row.slug,
    name: row.name,
    upgrade_fee: row.upgradeFee,
    api_access: row.apiAccess,
    discounts,
    fixed_data_prices: fixedDataPrices,
    current: row.slug === current,
  };
}

/** Every level, lowest first, the customer's own marked: the profile shows theirs and those above it. */
export async function customerLevels(db: Queryable, current: LevelSlug | null): Promise<CustomerLevel[]> {
  const [rows, fixed] = await Promise.all([
    db.select().from(priceLevels).orderBy(asc(priceLevels.position)),
    db
      .select({ level: levelPlanPrices.level, plans: count() })
      .from(levelPlanPrices)
      .groupBy(levelPlanPrices.level),
  ]);
  const fixedOf = new Map(fixed.map((row) => [row.level, row.plans]));
  return rows.map((row) => customerLevelView(row, current, fixedOf.get(row.slug) ?? 0));
}
