import { asc, eq } from "drizzle-orm";
import type { LevelSlug } from "../../schemas/levelSlugs";
import type { LevelPatch, PriceLevel } from "../../schemas/levels";
import { basisPoints } from "../../schemas/pricing";
import type { Clock } from "../clock";
import type { Database, Queryable } from "../db/database";
import { priceLevels } from "../db/schema";
import { notFound } from "../refusal";
import { recordAudit } from "./audit";
import type { Actor } from "./catalogueAdmin";

type LevelRow = typeof priceLevels.$inferSelect;

/** Each percent of the editor and the column holding it in basis points. */
const percentColumns = {
  airtime_percent: "airtimeBp",
  data_sme_percent: "dataSmeBp",
  data_corporate_gifting_percent: "dataCorporateGiftingBp",
  data_gifting_percent: "dataGiftingBp",
  data_direct_percent: "dataDirectBp",
  tv_percent: "tvBp",
  electricity_percent: "electricityBp",
} as const satisfies Record<string, keyof LevelRow>;
type PercentField = keyof typeof percentColumns;
const percentFields = Object.keys(percentColumns) as PercentField[];

export function levelView(row: LevelRow): PriceLevel {
  const percents = Object.fromEntries(percentFields.map((f) => [f, row[percentColumns[f]] / 100])) as Record<
    PercentField,
    number
  >;
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

export async function listLevels(db: Queryable): Promise<PriceLevel[]> {
  const rows = await db.select().from(priceLevels).orderBy(asc(priceLevels.position));
  return rows.map(levelView);
}

/** What a patch writes: names and fees as given, percents as basis points. */
function levelValues(patch: LevelPatch): Partial<LevelRow> {
  const values: Partial<LevelRow> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.upgrade_fee !== undefined) values.upgradeFee = patch.upgrade_fee;
  for (const field of percentFields) {
    const percent = patch[field];
    if (percent !== undefined) values[percentColumns[field]] = basisPoints(percent);
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
    await recordAudit(tx, deps.clock, {
      actorId: actor.user.id,
      action: "level.update",
      targetType: "price_level",
      targetId: slug,
      before: asBefore(levelView(before), patch),
      after: patch,
      ip: actor.ip,
    });
    return levelView(after);
  });
}
