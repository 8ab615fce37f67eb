import { and, asc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { AuditState } from "../../../schemas/auditFields";
import type { OfferService } from "../../../schemas/catalogueOffers";
import type { Clock } from "../../clock";
import type { Database, Transaction } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { type dataPlans, providerProducts, transactions, type tvPlans } from "../../db/schema";
import type { ProviderSet } from "../../outside/providerSet";
import { fieldRefusal, notFound } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { offerRowsOf, offerViewsOf } from "./catalogueOffers";
import { dearestCost, judgePrices, setsPricing } from "./pricingRule";

export type CatalogueDeps = { db: Database; clock: Clock; providers: ProviderSet };

// A purchase names its plan by id; purchases made before that named it by code. The plan's columns are
// named with their table: inside the subquery a bare "id" would be the transaction's.
export const hasSales = (table: typeof dataPlans | typeof tvPlans, kind: "data" | "tv") =>
  sql<boolean>`exists (select 1 from ${transactions} where ${transactions.kind} = ${kind} and (${transactions.order}->>'planId' = (${table}."id")::text or ${transactions.order}->>'planCode' = ${table}."code"))`;

/** A code staff typed that another of our plans already uses: codes name one plan each. */
export async function codeTaken<T>(work: () => Promise<T>, noun = "plan"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const msg = `Another ${noun} already uses that code.`;
    throw fieldRefusal("code", msg);
  }
}

/** The rows as staff see them, each with its offers (one read for all of them). */
/**
 * The plans of one network (data) or one TV provider (bouquets), in the catalogue's order, each as
 * `view` draws it with whether it has sold, and with its offers.
 */
export async function plansOf<Row, View extends { id: number }>(
  deps: Pick<CatalogueDeps, "db" | "providers">,
  kind: "data" | "tv",
  ownerId: number,
  table: typeof dataPlans | typeof tvPlans,
  owner: AnyPgColumn,
  view: (plan: Row, sold: boolean) => View,
) {
  const rows = await deps.db
    .select({ plan: table, sold: hasSales(table, kind) })
    .from(table)
    .where(eq(owner, ownerId))
    .orderBy(asc(table.sortOrder), asc(table.id));
  return withOffers(
    deps,
    kind,
    rows.map((r) => view(r.plan as Row, r.sold)),
  );
}

export async function withOffers<View extends { id: number }>(
  deps: Pick<CatalogueDeps, "db" | "providers">,
  service: OfferService,
  views: View[],
) {
  const offers = await offerRowsOf(
    deps.db,
    service,
    views.map((view) => view.id),
  );
  return views.map((view) => ({ ...view, offers: offerViewsOf(offers.get(view.id), deps.providers) }));
}
export const oneWithOffers = async <View extends { id: number }>(
  deps: Pick<CatalogueDeps, "db" | "providers">,
  service: OfferService,
  view: View,
) => (await withOffers(deps, service, [view]))[0] as View & { offers: ReturnType<typeof offerViewsOf> };

export const configuredIn = (deps: Pick<CatalogueDeps, "providers">) => (name: string) =>
  deps.providers.has(name);

/** A product's offers, read in the change's transaction: what its price is judged against. */
export const offersOfProduct = (tx: Transaction, service: OfferService, productId: number) =>
  tx
    .select()
    .from(providerProducts)
    .where(and(eq(providerProducts.service, service), eq(providerProducts.productId, productId)));

/** Limits must make sense once a change is merged with what is there. */
export function assertRange(min: number, max: number) {
  if (min > max) {
    const msg = "The largest purchase must be at least the smallest.";
    throw fieldRefusal("max_amount", msg);
  }
}

/** The audit's "after", with the reason staff gave for selling at a loss when they gave one. */
export const withLossReason = <View extends object>(view: View, reason: string | null) =>
  reason === null ? view : { ...view, sell_at_loss_reason: reason };

/**
 * Changes one row under a row lock, checks the merged result (`apply` throws a refusal, or answers
 * the row as it became and any loss reason the pricing rule took), and writes the audit row in the
 * same transaction, with the row as it was and as it became.
 */
export async function changeAudited<Row, View extends object>(
  deps: CatalogueDeps,
  actor: Actor,
  target: { type: string; id: string | number },
  load: (tx: Transaction) => Promise<Row | undefined>,
  view: (row: Row) => View,
  apply: (tx: Transaction, before: Row) => Promise<{ row: Row | undefined; lossReason: string | null }>,
): Promise<View> {
  return deps.db.transaction(async (tx) => {
    const before = await load(tx);
    if (!before) throw notFound(`No ${target.type.replace("_", " ")} with that id.`);
    const { row: after, lossReason } = await apply(tx, before);
    if (!after) throw notFound();
    await recordAuditBy(tx, deps.clock, actor, {
      action: "catalogue.update",
      targetType: target.type,
      targetId: String(target.id),
      before: view(before),
      after: withLossReason(view(after), lossReason),
    });
    return view(after);
  });
}

/** What staff see of any plan, data or bouquet; `control_id` is the network or TV provider it is under. */
export const planBasics = (
  p: { id: number; code: string; name: string; price: number; enabled: boolean },
  controlId: number,
  sold: boolean,
) => ({
  id: p.id,
  control_id: controlId,
  code: p.code,
  name: p.name,
  price: p.price,
  enabled: p.enabled,
  has_sales: sold,
});

/**
 * A data plan or bouquet as the pricing rule sees it: its price and any service fee against the
 * dearest of its offers (pricingRule.ts `dearestCost`). With no offer on, nothing sells: nothing to judge.
 */
export const planPricing = (
  plan: { name: string; price: number; enabled: boolean },
  cost: number | null,
  fee = 0,
) =>
  cost === null
    ? []
    : [
        {
          kind: "fixed",
          name: plan.name,
          field: "price",
          onSale: plan.enabled,
          price: plan.price,
          fee,
          cost,
        } as const,
      ];
export const planPricingInputs = ["price", "enabled"] as const;

/**
 * The loss reason a plan's change takes: judged against the dearest of its offers (read in the
 * change's transaction) when it sets the plan's price or switch; null when it sets neither.
 */
export async function judgePlanChange(
  tx: Transaction,
  deps: Pick<CatalogueDeps, "providers">,
  change: {
    service: "data" | "tv" | "exam_pin" | "recharge_pin";
    id: number;
    patch: object;
    merged: { name: string; price: number; enabled: boolean };
    sellAtLoss: Parameters<typeof judgePrices>[1];
    fee?: number;
  },
) {
  const cost = dearestCost(await offersOfProduct(tx, change.service, change.id), configuredIn(deps));
  return setsPricing(change.patch, planPricingInputs)
    ? judgePrices(planPricing(change.merged, cost, change.fee), change.sellAtLoss)
    : null;
}

/** The audit row of a plan staff changed, written in the change's transaction. */
export function auditPlanUpdate<View extends AuditState>(
  tx: Transaction,
  deps: Pick<CatalogueDeps, "clock">,
  actor: Actor,
  target: { type: "data_plan" | "tv_plan" | "exam_product" | "recharge_card"; id: number },
  change: { before: View; after: View; lossReason: string | null },
) {
  return recordAuditBy(tx, deps.clock, actor, {
    action: "plan.update",
    targetType: target.type,
    targetId: String(target.id),
    before: change.before,
    after: withLossReason(change.after, change.lossReason),
  });
}
