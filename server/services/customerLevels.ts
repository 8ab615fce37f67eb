import { asc } from "drizzle-orm";
import type { LevelSlug } from "../../schemas/levelSlugs";
import type { CustomerLevel } from "../../schemas/levelUpgrades";
import type { Queryable } from "../db/database";
import { priceLevels } from "../db/schema";
import { discountsOf } from "./priceLevels";

type LevelRow = typeof priceLevels.$inferSelect;

/** A level as its customers read it: percents, not basis points, and nothing of who edited it when. */
export function customerLevelView(row: LevelRow, current: LevelSlug | null): CustomerLevel {
  const discounts = Object.fromEntries(
    Object.entries(discountsOf(row)).map(([service, bp]) => [service, bp / 100]),
  ) as CustomerLevel["discounts"];
  return {
    slug: row.slug,
    name: row.name,
    upgrade_fee: row.upgradeFee,
    api_access: row.apiAccess,
    discounts,
    current: row.slug === current,
  };
}

/** Every level, lowest first, the customer's own marked: the profile shows theirs and those above it. */
export async function customerLevels(db: Queryable, current: LevelSlug | null): Promise<CustomerLevel[]> {
  const rows = await db.select().from(priceLevels).orderBy(asc(priceLevels.position));
  return rows.map((row) => customerLevelView(row, current));
}
