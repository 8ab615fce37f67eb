import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { dataPlanCreateBody, dataPlanPatch } from "../../../schemas/catalogueStaff";
import type { Database, Transaction } from "../../db/database";
import { dataPlans, networks, providerProducts } from "../../db/schema";
import { fieldRefusal, notFound } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import {
  auditPlanUpdate,
  codeTaken,
  type CatalogueDeps as Deps,
  hasSales,
  judgePlanChange,
  oneWithOffers,
  planBasics,
  planPricing,
  plansOf,
  withLossReason,
} from "./catalogueChanges";
import { networkDataIdOf } from "./catalogueOffers";
import { judgePrices } from "./pricingRule";

const planView = (p: typeof dataPlans.$inferSelect, sold: boolean) => ({
  ...planBasics(p, p.networkId, sold),
  size: p.size,
  validity: p.validity,
  category: p.category,
  plan_type: p.planType,
});

async function dataPlanWithSales(tx: Database | Transaction, id: number, lock = false) {
  const query = tx
    .select({ plan: dataPlans, sold: hasSales(dataPlans, "data") })
    .from(dataPlans)
    .where(eq(dataPlans.id, id));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export function listDataPlans(deps: Pick<Deps, "db" | "providers">, networkId: number) {
  return plansOf(deps, "data", networkId, dataPlans, dataPlans.networkId, planView);
}

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
      await recordAuditBy(tx, deps.clock, actor, {
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
      const lossReason = await judgePlanChange(tx, deps, {
        service: "data",
        id,
        patch,
        merged,
        sellAtLoss: sell_at_loss,
      });
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
      await auditPlanUpdate(tx, deps, actor, { type: "data_plan", id }, { before, after, lossReason });
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
    await recordAuditBy(tx, deps.clock, actor, {
      action: "plan.delete",
      targetType: "data_plan",
      targetId: String(id),
      before,
      after,
    });
    return { deleted: !found.sold, disabled: found.sold };
  });
}
