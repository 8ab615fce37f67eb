import { and, asc, eq } from "drizzle-orm";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { LevelPlanPrice } from "../../../schemas/levels";
import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { dataPlans, levelPlanPrices, networks, priceLevels } from "../../db/schema";
import { fieldRefusal, notFound } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { type LevelPricing, offersByProduct, priceAtLevel } from "./priceLevels";

type Deps = { db: Database; clock: Clock; providers: { has(name: string): boolean } };

/** The fixed data plan prices of a level, in the catalogue's order, each with what the level pays. */
export async function listLevelPlanPrices(
  deps: Pick<Deps, "db" | "providers">,
  slug: LevelSlug,
  db: Queryable = deps.db,
): Promise<LevelPlanPrice[]> {
  const [rows, offers] = await Promise.all([
    db
      .select({ fixed: levelPlanPrices, plan: dataPlans, network: networks })
      .from(levelPlanPrices)
      .innerJoin(dataPlans, eq(dataPlans.id, levelPlanPrices.planId))
      .innerJoin(networks, eq(networks.id, dataPlans.networkId))
      .where(eq(levelPlanPrices.level, slug))
      .orderBy(asc(dataPlans.networkId), asc(dataPlans.sortOrder), asc(dataPlans.id)),
    offersByProduct(db, "data"),
  ]);
  const configured: LevelPricing["configured"] = (provider) => deps.providers.has(provider);
  return rows.map(({ fixed, plan, network }) => ({
    plan_id: plan.id,
    network_id: network.id,
    plan: `${network.name} ${plan.name}`,
    own_price: plan.price,
    price: fixed.price,
    price_at_level: priceAtLevel(plan.price, 0, offers.get(plan.id) ?? [], configured, 0, fixed.price),
    updated_at: fixed.updatedAt.toISOString(),
  }));
}

async function levelOrNotFound(db: Queryable, slug: LevelSlug) {
  const [level] = await db.select().from(priceLevels).where(eq(priceLevels.slug, slug)).for("update");
  if (!level) throw notFound("No such price level.");
  return level;
}

/** How the audit names a plan: its network and name, as the catalogue shows it. */
async function planNameOf(db: Queryable, planId: number): Promise<string> {
  const [row] = await db
    .select({ network: networks.name, plan: dataPlans.name })
    .from(dataPlans)
    .innerJoin(networks, eq(networks.id, dataPlans.networkId))
    .where(eq(dataPlans.id, planId));
  return row ? `${row.network} ${row.plan}` : `Plan ${planId}`;
}

const samePlan = (slug: LevelSlug, planId: number) =>
  and(eq(levelPlanPrices.level, slug), eq(levelPlanPrices.planId, planId));

/**
 * Fixes a plan's price at a level (or changes it), audited as the level's change. Above the plan's
 * own price is refused: a level never pays more than everyone. Below cost it stops at cost, as a
 * discount does (the list says what the level pays).
 */
export async function setLevelPlanPrice(
  deps: Deps,
  actor: Actor,
  slug: LevelSlug,
  planId: number,
  price: number,
): Promise<LevelPlanPrice> {
  return deps.db.transaction(async (tx) => {
    await levelOrNotFound(tx, slug);
    const [plan] = await tx.select().from(dataPlans).where(eq(dataPlans.id, planId));
    if (!plan) throw notFound("No such data plan.");
    const planName = await planNameOf(tx, planId);
    if (price > plan.price)
      throw fieldRefusal(
        "price",
        `A level's price is at most the plan's own, ${formatNaira(plan.price)}: set the plan's price first.`,
      );
    const [before] = await tx.select().from(levelPlanPrices).where(samePlan(slug, planId));
    const now = deps.clock.now();
    await tx
      .insert(levelPlanPrices)
      .values({ level: slug, planId, price, updatedAt: now, updatedBy: actor.user.id })
      .onConflictDoUpdate({
        target: [levelPlanPrices.level, levelPlanPrices.planId],
        set: { price, updatedAt: now, updatedBy: actor.user.id },
      });
    await recordAuditBy(tx, deps.clock, actor, {
      action: "level.update",
      targetType: "price_level",
      targetId: slug,
      before: { plan: planName, fixed_price: before?.price ?? null },
      after: { plan: planName, fixed_price: price },
    });
    const listed = (await listLevelPlanPrices(deps, slug, tx)).find((row) => row.plan_id === planId);
    if (!listed) throw new Error("the fixed price was not written");
    return listed;
  });
}

/** Takes a plan's fixed price at a level away, audited; the level's discount applies to it again. */
export async function removeLevelPlanPrice(
  deps: Deps,
  actor: Actor,
  slug: LevelSlug,
  planId: number,
): Promise<LevelPlanPrice[]> {
  return deps.db.transaction(async (tx) => {
    await levelOrNotFound(tx, slug);
    const [removed] = await tx.delete(levelPlanPrices).where(samePlan(slug, planId)).returning();
    if (!removed) throw notFound("This plan has no fixed price at the level.");
    await recordAuditBy(tx, deps.clock, actor, {
      action: "level.update",
      targetType: "price_level",
      targetId: slug,
      before: { plan: await planNameOf(tx, planId), fixed_price: removed.price },
      after: { plan: await planNameOf(tx, planId), fixed_price: null },
    });
    return listLevelPlanPrices(deps, slug, tx);
  });
}
