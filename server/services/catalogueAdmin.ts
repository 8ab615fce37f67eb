import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  airtimeControlPatch,
  dataPlanCreateBody,
  dataPlanPatch,
  discoPatch,
  tvPlanPatch,
  tvProviderPatch,
} from "../../schemas/catalogueStaff";
import { basisPoints } from "../../schemas/pricing";
import type { Clock } from "../clock";
import type { Database, Transaction } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import {
  dataPlans,
  discos,
  networks,
  providerProducts,
  transactions,
  tvPlans,
  tvProviders,
} from "../db/schema";
import type { UserRow } from "../deps";
import type { ProviderSet } from "../outside/providerSet";
import { fieldRefusal, notFound } from "../refusal";
import { recordAudit } from "./audit";
import { networkDataIdOf, networkDataIds, offerRowsOf, offerViewsOf } from "./catalogue/catalogueOffers";
import { dearestCost, judgePrices, leastCommissionPercent, setsPricing } from "./catalogue/pricingRule";

export interface Actor {
  user: UserRow;
  ip: string | null;
}
type Deps = { db: Database; clock: Clock; providers: ProviderSet };

// A purchase names its plan by id; purchases made before that named it by code. The plan's columns are
// named with their table: inside the subquery a bare "id" would be the transaction's.
const hasSales = (table: typeof dataPlans | typeof tvPlans, kind: "data" | "tv") =>
  sql<boolean>`exists (select 1 from ${transactions} where ${transactions.kind} = ${kind} and (${transactions.order}->>'planId' = (${table}."id")::text or ${transactions.order}->>'planCode' = ${table}."code"))`;

/** A code staff typed that another of our plans already uses: codes name one plan each. */
async function codeTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const msg = "Another plan already uses that code.";
    throw fieldRefusal("code", msg);
  }
}

/** The rows as staff see them, each with its offers (one read for all of them). */
async function withOffers<View extends { id: number }>(
  deps: Pick<Deps, "db" | "providers">,
  service: "airtime" | "data" | "tv" | "electricity",
  views: View[],
) {
  const offers = await offerRowsOf(
    deps.db,
    service,
    views.map((view) => view.id),
  );
  return views.map((view) => ({ ...view, offers: offerViewsOf(offers.get(view.id), deps.providers) }));
}
const oneWithOffers = async <View extends { id: number }>(
  deps: Pick<Deps, "db" | "providers">,
  service: "airtime" | "data" | "tv" | "electricity",
  view: View,
) => (await withOffers(deps, service, [view]))[0] as View & { offers: ReturnType<typeof offerViewsOf> };

const configuredIn = (deps: Pick<Deps, "providers">) => (name: string) => deps.providers.has(name);

/** A product's offers, read in the change's transaction: what its price is judged against. */
const offersOfProduct = (tx: Transaction, service: "airtime" | "data" | "tv", productId: number) =>
  tx
    .select()
    .from(providerProducts)
    .where(and(eq(providerProducts.service, service), eq(providerProducts.productId, productId)));

// Each catalogue row as staff see it: the editor schema's fields, in the API's units.
const airtimeView = (n: typeof networks.$inferSelect) => ({
  id: n.id,
  network: n.name,
  enabled: n.airtimeEnabled,
  discount_percent: n.airtimeDiscountBp / 100,
  min_amount: n.airtimeMin,
  max_amount: n.airtimeMax,
});
export const discoView = (d: typeof discos.$inferSelect) => ({
  id: d.id,
  name: d.name,
  enabled: d.enabled,
  min_amount: d.minAmount,
  max_amount: d.maxAmount,
  service_fee: d.serviceFee,
});

/** Limits must make sense once a change is merged with what is there. */
function assertRange(min: number, max: number) {
  if (min > max) {
    const msg = "The largest purchase must be at least the smallest.";
    throw fieldRefusal("max_amount", msg);
  }
}

/** The audit's "after", with the reason staff gave for selling at a loss when they gave one. */
const withLossReason = <View extends object>(view: View, reason: string | null) =>
  reason === null ? view : { ...view, sell_at_loss_reason: reason };

/**
 * Changes one row under a row lock, checks the merged result (`apply` throws a refusal, or answers
 * the row as it became and any loss reason the pricing rule took), and writes the audit row in the
 * same transaction, with the row as it was and as it became.
 */
async function changeAudited<Row, View extends object>(
  deps: Deps,
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
    await recordAudit(tx, deps.clock, {
      actorId: actor.user.id,
      action: "catalogue.update",
      targetType: target.type,
      targetId: String(target.id),
      before: view(before),
      after: withLossReason(view(after), lossReason),
      ip: actor.ip,
    });
    return view(after);
  });
}

export async function listAirtimeControls(deps: Pick<Deps, "db" | "providers">) {
  const rows = await deps.db.select().from(networks).orderBy(asc(networks.id));
  return withOffers(deps, "airtime", rows.map(airtimeView));
}

export async function patchAirtimeControl(
  deps: Deps,
  actor: Actor,
  patch: z.output<typeof airtimeControlPatch>,
) {
  const view = await changeAudited(
    deps,
    actor,
    { type: "airtime_control", id: patch.id },
    async (tx) => (await tx.select().from(networks).where(eq(networks.id, patch.id)).for("update"))[0],
    airtimeView,
    async (tx, before) => {
      const { sell_at_loss, ...changes } = patch;
      const merged = { ...airtimeView(before), ...changes };
      assertRange(merged.min_amount, merged.max_amount);
      // Judged against the smallest commission of the providers a purchase may go to.
      const commission = leastCommissionPercent(
        await offersOfProduct(tx, "airtime", before.id),
        configuredIn(deps),
      );
      const lossReason =
        setsPricing(changes, ["enabled", "discount_percent"]) && commission !== null
          ? judgePrices(
              [
                {
                  kind: "airtime",
                  name: `${before.name} airtime`,
                  field: "discount_percent",
                  onSale: merged.enabled,
                  discountPercent: merged.discount_percent,
                  commissionPercent: commission,
                },
              ],
              sell_at_loss,
            )
          : null;
      const [after] = await tx
        .update(networks)
        .set({
          airtimeEnabled: merged.enabled,
          airtimeDiscountBp: basisPoints(merged.discount_percent),
          airtimeMin: merged.min_amount,
          airtimeMax: merged.max_amount,
        })
        .where(eq(networks.id, patch.id))
        .returning();
      return { row: after, lossReason };
    },
  );
  return oneWithOffers(deps, "airtime", view);
}

const dataNetworkView = (n: typeof networks.$inferSelect) => ({
  id: n.id,
  name: n.name,
  enabled: n.dataEnabled,
});

/** Each network's data switch, with each provider's id for its data (provider_networks). */
export async function listDataNetworks(deps: Pick<Deps, "db" | "providers">) {
  const [rows, ids] = await Promise.all([
    deps.db.select().from(networks).orderBy(asc(networks.id)),
    networkDataIds(deps.db, deps.providers),
  ]);
  return rows.map((row) => ({ ...dataNetworkView(row), data_ids: ids.get(row.id) ?? [] }));
}

export async function patchDataNetwork(
  deps: Deps,
  actor: Actor,
  patch: { id: number; enabled?: boolean | undefined },
) {
  const view = dataNetworkView;
  const after = await changeAudited(
    deps,
    actor,
    { type: "data_network", id: patch.id },
    async (tx) => (await tx.select().from(networks).where(eq(networks.id, patch.id)).for("update"))[0],
    view,
    async (tx, before) => {
      const [row] = await tx
        .update(networks)
        .set({ dataEnabled: patch.enabled ?? before.dataEnabled })
        .where(eq(networks.id, patch.id))
        .returning();
      return { row, lossReason: null };
    },
  );
  return { ...after, data_ids: (await networkDataIds(deps.db, deps.providers)).get(after.id) ?? [] };
}

const planView = (p: typeof dataPlans.$inferSelect, sold: boolean) => ({
  id: p.id,
  control_id: p.networkId,
  code: p.code,
  name: p.name,
  size: p.size,
  validity: p.validity,
  category: p.category,
  plan_type: p.planType,
  price: p.price,
  enabled: p.enabled,
  has_sales: sold,
});

async function dataPlanWithSales(tx: Database | Transaction, id: number, lock = false) {
  const query = tx
    .select({ plan: dataPlans, sold: hasSales(dataPlans, "data") })
    .from(dataPlans)
    .where(eq(dataPlans.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function listDataPlans(deps: Pick<Deps, "db" | "providers">, networkId: number) {
  const rows = await deps.db
    .select({ plan: dataPlans, sold: hasSales(dataPlans, "data") })
    .from(dataPlans)
    .where(eq(dataPlans.networkId, networkId))
    .orderBy(asc(dataPlans.sortOrder), asc(dataPlans.id));
  return withOffers(
    deps,
    "data",
    rows.map((r) => planView(r.plan, r.sold)),
  );
}

/**
 * A data plan or bouquet as the pricing rule sees it: its price and any service fee against the
 * dearest of its offers (pricingRule.ts `dearestCost`). With no offer on, nothing sells: nothing to judge.
 */
const planPricing = (
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
const planPricingInputs = ["price", "enabled"] as const;

/**
 * Creates a data plan with its first offer, in one transaction: a plan no provider sells could not
 * be bought. The offer's id for the network is that provider's data id for it (provider_networks).
 */
export async function createDataPlan(
  deps: Deps,
  actor: Actor,
  { sell_at_loss, provider, variation_code, cost, ...body }: z.output<typeof dataPlanCreateBody>,
) {
  const offer = { provider, variation_code, cost };
  if (!deps.providers.has(offer.provider))
    throw fieldRefusal("provider", `${offer.provider} is not a provider OjaPay buys from (PROVIDERS).`);
  const created = await codeTaken(() =>
    deps.db.transaction(async (tx) => {
      const [network] = await tx.select().from(networks).where(eq(networks.id, body.control_id));
      if (!network) throw fieldRefusal("control_id", "Choose a network.");
      const serviceId = await networkDataIdOf(tx, offer.provider, network.id);
      if (!serviceId) {
        const msg = `Set ${deps.providers.labelOf(offer.provider)}'s data id for ${network.name} first (Data networks).`;
        throw fieldRefusal("provider", msg);
      }
      const lossReason = judgePrices(planPricing(body, offer.cost), sell_at_loss);
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${dataPlans.sortOrder}), 0) + 1` })
        .from(dataPlans);
      const [plan] = await tx
        .insert(dataPlans)
        .values({
          networkId: network.id,
          code: body.code,
          name: body.name,
          size: body.size,
          validity: body.validity,
          category: body.category,
          planType: body.plan_type,
          price: body.price,
          enabled: body.enabled,
          sortOrder: Number(next),
        })
        .returning();
      if (!plan) throw new Error("the plan was not created");
      await tx.insert(providerProducts).values({
        provider: offer.provider,
        service: "data",
        productId: plan.id,
        serviceId,
        variationCode: offer.variation_code,
        cost: offer.cost,
        updatedAt: deps.clock.now(),
      });
      const view = planView(plan, false);
      await recordAudit(tx, deps.clock, {
        actorId: actor.user.id,
        action: "plan.create",
        targetType: "data_plan",
        targetId: String(plan.id),
        before: null,
        after: withLossReason(
          {
            ...view,
            offer: {
              provider: offer.provider,
              service_id: serviceId,
              variation_code: offer.variation_code,
              cost: offer.cost,
            },
          },
          lossReason,
        ),
        ip: actor.ip,
      });
      return view;
    }),
  );
  return oneWithOffers(deps, "data", created);
}

export async function patchDataPlan(
  deps: Deps,
  actor: Actor,
  id: number,
  { sell_at_loss, ...patch }: z.output<typeof dataPlanPatch>,
) {
  const changed = await codeTaken(() =>
    deps.db.transaction(async (tx) => {
      // Locked: two staff changing different fields of one plan must not undo each other.
      const found = await dataPlanWithSales(tx, id, true);
      if (!found) throw notFound("No data plan with that id.");
      const before = planView(found.plan, found.sold);
      const merged = { ...before, ...patch };
      const cost = dearestCost(await offersOfProduct(tx, "data", id), configuredIn(deps));
      const lossReason = setsPricing(patch, planPricingInputs)
        ? judgePrices(planPricing(merged, cost), sell_at_loss)
        : null;
      const [plan] = await tx
        .update(dataPlans)
        .set({
          code: merged.code,
          name: merged.name,
          size: merged.size,
          validity: merged.validity,
          category: merged.category,
          planType: merged.plan_type,
          price: merged.price,
          enabled: merged.enabled,
        })
        .where(eq(dataPlans.id, id))
        .returning();
      if (!plan) throw notFound("No data plan with that id.");
      const after = planView(plan, found.sold);
      await recordAudit(tx, deps.clock, {
        actorId: actor.user.id,
        action: "plan.update",
        targetType: "data_plan",
        targetId: String(id),
        before,
        after: withLossReason(after, lossReason),
        ip: actor.ip,
      });
      return after;
    }),
  );
  return oneWithOffers(deps, "data", changed);
}

/** A plan that has been sold stays, switched off, so its sales keep their meaning; one never sold goes. */
export async function deleteDataPlan(deps: Deps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const found = await dataPlanWithSales(tx, id);
    if (!found) throw notFound("No data plan with that id.");
    const before = planView(found.plan, found.sold);
    if (found.sold) {
      await tx.update(dataPlans).set({ enabled: false }).where(eq(dataPlans.id, id));
    } else {
      // Its offers go with it: nothing else may buy a plan that is no more.
      await tx
        .delete(providerProducts)
        .where(and(eq(providerProducts.service, "data"), eq(providerProducts.productId, id)));
      await tx.delete(dataPlans).where(eq(dataPlans.id, id));
    }
    const after = found.sold ? { ...before, enabled: false } : null;
    await recordAudit(tx, deps.clock, {
      actorId: actor.user.id,
      action: "plan.delete",
      targetType: "data_plan",
      targetId: String(id),
      before,
      after,
      ip: actor.ip,
    });
    return { deleted: !found.sold, disabled: found.sold };
  });
}

const providerView = (p: typeof tvProviders.$inferSelect) => ({
  id: p.id,
  name: p.name,
  enabled: p.enabled,
  service_fee: p.serviceFee,
});

export async function listTvProviders(db: Database) {
  return (await db.select().from(tvProviders).orderBy(asc(tvProviders.id))).map(providerView);
}

export function patchTvProvider(deps: Deps, actor: Actor, patch: z.output<typeof tvProviderPatch>) {
  return changeAudited(
    deps,
    actor,
    { type: "tv_provider", id: patch.id },
    async (tx) => (await tx.select().from(tvProviders).where(eq(tvProviders.id, patch.id)).for("update"))[0],
    providerView,
    async (tx, before) => {
      const { sell_at_loss, ...changes } = patch;
      const merged = { ...providerView(before), ...changes };
      // The fee is part of every bouquet's price: a lower one is judged against each of them.
      let lossReason: string | null = null;
      if (setsPricing(changes, ["service_fee"])) {
        const bouquets = await tx.select().from(tvPlans).where(eq(tvPlans.providerId, patch.id));
        const offers = await offerRowsOf(
          tx,
          "tv",
          bouquets.map((plan) => plan.id),
        );
        lossReason = judgePrices(
          bouquets.flatMap((plan) =>
            planPricing(
              tvPlanView(plan, false),
              dearestCost(offers.get(plan.id) ?? [], configuredIn(deps)),
              merged.service_fee,
            ).map((item) => ({ ...item, field: "service_fee" })),
          ),
          sell_at_loss,
        );
      }
      const [row] = await tx
        .update(tvProviders)
        .set({ enabled: merged.enabled, serviceFee: merged.service_fee })
        .where(eq(tvProviders.id, patch.id))
        .returning();
      return { row, lossReason };
    },
  );
}

const tvPlanView = (p: typeof tvPlans.$inferSelect, sold: boolean) => ({
  id: p.id,
  control_id: p.providerId,
  code: p.code,
  name: p.name,
  price: p.price,
  enabled: p.enabled,
  has_sales: sold,
});

export async function listTvPlans(deps: Pick<Deps, "db" | "providers">, providerId: number) {
  const rows = await deps.db
    .select({ plan: tvPlans, sold: hasSales(tvPlans, "tv") })
    .from(tvPlans)
    .where(eq(tvPlans.providerId, providerId))
    .orderBy(asc(tvPlans.sortOrder), asc(tvPlans.id));
  return withOffers(
    deps,
    "tv",
    rows.map((r) => tvPlanView(r.plan, r.sold)),
  );
}

export async function patchTvPlan(
  deps: Deps,
  actor: Actor,
  id: number,
  { sell_at_loss, ...patch }: z.output<typeof tvPlanPatch>,
) {
  const changed = await codeTaken(() =>
    deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ plan: tvPlans, sold: hasSales(tvPlans, "tv"), fee: tvProviders.serviceFee })
        .from(tvPlans)
        .innerJoin(tvProviders, eq(tvProviders.id, tvPlans.providerId))
        .where(eq(tvPlans.id, id))
        .for("update", { of: tvPlans });
      if (!found) throw notFound("No bouquet with that id.");
      const before = tvPlanView(found.plan, found.sold);
      const merged = { ...before, ...patch };
      const cost = dearestCost(await offersOfProduct(tx, "tv", id), configuredIn(deps));
      const lossReason = setsPricing(patch, planPricingInputs)
        ? judgePrices(planPricing(merged, cost, found.fee), sell_at_loss)
        : null;
      const [plan] = await tx
        .update(tvPlans)
        .set({
          code: merged.code,
          name: merged.name,
          price: merged.price,
          enabled: merged.enabled,
        })
        .where(eq(tvPlans.id, id))
        .returning();
      if (!plan) throw notFound("No bouquet with that id.");
      const after = tvPlanView(plan, found.sold);
      await recordAudit(tx, deps.clock, {
        actorId: actor.user.id,
        action: "plan.update",
        targetType: "tv_plan",
        targetId: String(id),
        before,
        after: withLossReason(after, lossReason),
        ip: actor.ip,
      });
      return after;
    }),
  );
  return oneWithOffers(deps, "tv", changed);
}

export async function listDiscos(deps: Pick<Deps, "db" | "providers">) {
  const rows = await deps.db.select().from(discos).orderBy(asc(discos.id));
  return withOffers(deps, "electricity", rows.map(discoView));
}

export async function patchDisco(deps: Deps, actor: Actor, patch: z.output<typeof discoPatch>) {
  const view = await changeAudited(
    deps,
    actor,
    { type: "disco", id: patch.id },
    async (tx) => (await tx.select().from(discos).where(eq(discos.id, patch.id)).for("update"))[0],
    discoView,
    async (tx, before) => {
      const { sell_at_loss, ...changes } = patch;
      const merged = { ...discoView(before), ...changes };
      assertRange(merged.min_amount, merged.max_amount);
      const lossReason = setsPricing(changes, ["service_fee", "enabled"])
        ? judgePrices(
            [
              {
                kind: "face value",
                name: `${before.name} electricity`,
                field: "service_fee",
                onSale: merged.enabled,
                fee: merged.service_fee,
              },
            ],
            sell_at_loss,
          )
        : null;
      const [row] = await tx
        .update(discos)
        .set({
          enabled: merged.enabled,
          minAmount: merged.min_amount,
          maxAmount: merged.max_amount,
          serviceFee: merged.service_fee,
        })
        .where(eq(discos.id, patch.id))
        .returning();
      return { row, lossReason };
    },
  );
  return oneWithOffers(deps, "electricity", view);
}
