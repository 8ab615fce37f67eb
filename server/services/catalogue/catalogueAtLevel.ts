import { and, asc, eq, type SQL } from "drizzle-orm";
import type { AirtimeControl, DataPlan, Disco, ExamProduct, TvPlan } from "../../../schemas/catalogue";
import { examPinsAtOnce } from "../../../schemas/examPins";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { Queryable } from "../../db/database";
import {
  dataPlans,
  discos,
  examProducts,
  levelPlanPrices,
  networks,
  tvPlans,
  tvProviders,
} from "../../db/schema";
import {
  airtimeDiscountAtLevel,
  dataService,
  type LevelPricing,
  levelDiscounts,
  offersByProduct,
  priceAtLevel,
} from "../levels/priceLevels";
import { discoView } from "./discos";

/**
 * What a customer may buy, priced at their level as the purchase charges it (schemas/pricing.ts):
 * the customer's catalogue, the reseller APIs and the v1 catalogue all read it from here.
 */

export type DataPlanRow = typeof dataPlans.$inferSelect;
type Configured = LevelPricing["configured"];

/** The data plans on sale, in the catalogue's order, each with its price at `level`. */
export async function dataPlansAtLevel(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
  networkId?: number,
): Promise<{ plan: DataPlanRow; price: number }[]> {
  const onSale: SQL | undefined =
    networkId === undefined
      ? eq(dataPlans.enabled, true)
      : and(eq(dataPlans.networkId, networkId), eq(dataPlans.enabled, true));
  const [discounts, offers, rows, fixedRows] = await Promise.all([
    levelDiscounts(db, level),
    offersByProduct(db, "data"),
    db
      .select()
      .from(dataPlans)
      .where(onSale)
      .orderBy(asc(dataPlans.networkId), asc(dataPlans.sortOrder), asc(dataPlans.id)),
    db.select().from(levelPlanPrices).where(eq(levelPlanPrices.level, level)),
  ]);
  // A plan's fixed price at the level stands instead of the level's discount on it.
  const fixed = new Map(fixedRows.map((row) => [row.planId, row.price]));
  return rows.map((plan) => ({
    plan,
    price: priceAtLevel(
      plan.price,
      discounts[dataService(plan.planType)],
      offers.get(plan.id) ?? [],
      configured,
      0,
      fixed.get(plan.id) ?? null,
    ),
  }));
}

/** The data plans as customers see them. */
export async function dataPlanViews(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
  networkId?: number,
): Promise<DataPlan[]> {
  return (await dataPlansAtLevel(db, level, configured, networkId)).map(({ plan, price }) => ({
    id: plan.id,
    control_id: plan.networkId,
    name: plan.name,
    size: plan.size,
    validity: plan.validity,
    category: plan.category,
    plan_type: plan.planType,
    price,
  }));
}

/** Each network's airtime: on or off, its discount at `level`, its bounds. */
export async function airtimeAtLevel(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
): Promise<AirtimeControl[]> {
  const [rows, discounts, offers] = await Promise.all([
    db.select().from(networks).orderBy(asc(networks.id)),
    levelDiscounts(db, level),
    offersByProduct(db, "airtime"),
  ]);
  return rows.map((n) => ({
    id: n.id,
    network: n.name,
    enabled: n.airtimeEnabled,
    discount_percent: airtimeDiscountAtLevel(
      n.airtimeDiscountBp,
      discounts.airtime,
      offers.get(n.id) ?? [],
      configured,
    ),
    min_amount: n.airtimeMin,
    max_amount: n.airtimeMax,
  }));
}

/** The bouquets on sale, of one TV provider or of all, priced at `level` with the provider's fee. */
export async function bouquetsAtLevel(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
  providerId?: number,
): Promise<TvPlan[]> {
  const onSale =
    providerId === undefined
      ? eq(tvPlans.enabled, true)
      : and(eq(tvPlans.providerId, providerId), eq(tvPlans.enabled, true));
  const [discounts, offers, providers, rows] = await Promise.all([
    levelDiscounts(db, level),
    offersByProduct(db, "tv"),
    db.select().from(tvProviders),
    db
      .select()
      .from(tvPlans)
      .where(onSale)
      .orderBy(asc(tvPlans.providerId), asc(tvPlans.sortOrder), asc(tvPlans.id)),
  ]);
  const feeOf = new Map(providers.map((p) => [p.id, p.serviceFee]));
  return rows.map((p) => ({
    id: p.id,
    control_id: p.providerId,
    name: p.name,
    price: priceAtLevel(
      p.price,
      discounts.tv,
      offers.get(p.id) ?? [],
      configured,
      feeOf.get(p.providerId) ?? 0,
    ),
  }));
}

/** Each distribution company: on or off, its bounds and fee, and the level's discount. */
export async function discosAtLevel(db: Queryable, level: LevelSlug): Promise<Disco[]> {
  const [rows, discounts] = await Promise.all([
    db.select().from(discos).orderBy(asc(discos.id)),
    levelDiscounts(db, level),
  ]);
  return rows.map((d) => ({ ...discoView(d), discount_percent: discounts.electricity / 100 }));
}

/** Exam PINs on sale, one PIN's price at `level` as the purchase charges it (kinds/examPin.ts). */
export async function examPinsAtLevel(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
): Promise<ExamProduct[]> {
  const [discounts, offers, rows] = await Promise.all([
    levelDiscounts(db, level),
    offersByProduct(db, "exam_pin"),
    db
      .select()
      .from(examProducts)
      .where(eq(examProducts.enabled, true))
      .orderBy(asc(examProducts.sortOrder), asc(examProducts.id)),
  ]);
  return rows.map((p) => ({
    id: p.id,
    exam: p.exam,
    name: p.name,
    price: priceAtLevel(p.price, discounts.exam_pin, offers.get(p.id) ?? [], configured),
    needs_profile: p.needsProfile,
    max_quantity: examPinsAtOnce(p.needsProfile),
    enabled: p.enabled,
  }));
}
