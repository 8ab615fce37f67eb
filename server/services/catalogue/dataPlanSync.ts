import { and, eq, inArray, sql } from "drizzle-orm";
import type { PlanSyncBody, PlanSyncReport, PlanSyncRow } from "../../../schemas/planSync";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { dataPlans, networks, providerProducts } from "../../db/schema";
import type { ProviderVariation } from "../../outside/provider";
import type { ProviderSet } from "../../outside/providerSet";
import { fieldRefusal, notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { networkDataIdOf } from "./catalogueOffers";
import { listDataPlans } from "./dataPlans";
import { dearestCost, judgePrices, type PricedItem } from "./pricingRule";
import { planParts } from "./providerPlanNames";

/**
 * "Sync from provider", for any provider PROVIDERS lists: its plans for one network (listed under its
 * data id for the network, provider_networks) beside ours, matched by the codes of its offers.
 */

type Deps = { db: Database; clock: Clock; providers: ProviderSet };
type OurPlan = Awaited<ReturnType<typeof listDataPlans>>[number];

const stateOrder: Record<PlanSyncRow["state"], number> = { new: 0, changed: 1, gone: 2, same: 3 };

/** The provider's offer of one of our plans, when it has one. */
const offerOf = (plan: OurPlan, provider: string) => plan.offers.find((offer) => offer.provider === provider);

/**
 * What a new plan is: its size from the provider's name, its validity from the provider's `validity`
 * where it gives one (read first, so it wins over a period the name mentions), else from the name.
 */
const suggestedFor = (v: ProviderVariation) => planParts(v.validity ? `${v.validity} ${v.name}` : v.name);

function compare(provider: string, variations: ProviderVariation[], ours: OurPlan[]): PlanSyncRow[] {
  const byCode = new Map<string, OurPlan>();
  for (const plan of ours) {
    const code = offerOf(plan, provider)?.variation_code;
    if (code) byCode.set(code, plan);
  }
  const offered = new Set(variations.map((v) => v.code));
  const rows: PlanSyncRow[] = variations.map((v) => {
    const plan = byCode.get(v.code) ?? null;
    const offerCost = plan ? (offerOf(plan, provider)?.cost ?? null) : null;
    return {
      state: !plan ? "new" : offerCost !== v.amount ? "changed" : "same",
      code: v.code,
      provider_name: v.name,
      provider_cost: v.amount,
      offer_cost: offerCost,
      plan_type: v.planType ?? null,
      plan,
      suggested: plan ? null : suggestedFor(v),
    };
  });
  for (const [code, plan] of byCode) {
    // An offer already switched off is not news: it is not listed as gone again.
    if (!offered.has(code) && offerOf(plan, provider)?.enabled) {
      rows.push({
        state: "gone",
        code,
        provider_name: null,
        provider_cost: null,
        offer_cost: offerOf(plan, provider)?.cost ?? null,
        plan_type: null,
        plan,
        suggested: null,
      });
    }
  }
  return rows.sort((a, b) => stateOrder[a.state] - stateOrder[b.state] || a.code.localeCompare(b.code));
}

async function networkAndVariations(deps: Deps, providerName: string, networkId: number) {
  if (!deps.providers.has(providerName))
    throw fieldRefusal("provider", `${providerName} is not a provider OjaPay buys from (PROVIDERS).`);
  const provider = deps.providers.get(providerName);
  const [network] = await deps.db.select().from(networks).where(eq(networks.id, networkId));
  if (!network) throw notFound("No network with that id.");
  const serviceId = await networkDataIdOf(deps.db, providerName, network.id);
  if (!serviceId) {
    const msg = `Set ${provider.label}'s data id for ${network.name} first (Data networks).`;
    throw fieldRefusal("provider", msg);
  }
  try {
    return { network, serviceId, variations: await provider.variations(serviceId) };
  } catch {
    throw new Refusal(
      "service_unavailable",
      `We could not get ${provider.label}'s plans just now. Please try again shortly.`,
    );
  }
}

/** A provider's plans for a network next to ours: new, changed in cost, gone, or the same. */
export async function planSyncReport(
  deps: Deps,
  provider: string,
  networkId: number,
): Promise<PlanSyncReport> {
  const { network, serviceId, variations } = await networkAndVariations(deps, provider, networkId);
  return {
    control_id: network.id,
    provider,
    service_id: serviceId,
    rows: compare(provider, variations, await listDataPlans(deps, network.id)),
  };
}

/**
 * Our code for a plan imported from a provider: its code where that reads as a plan's (VTpass's
 * `mtn-40gb-30d`), else the network, provider and its id (a vendor's `7` becomes `mtn-msorg-7`).
 */
const ourCodeFor = (provider: string, networkName: string, code: string) =>
  /[a-z]/i.test(code) ? code : `${networkName.toLowerCase()}-${provider}-${code}`;

/**
 * Imports what staff chose: new plans at the price they set, each with the provider's offer (its
 * code, its amount as the cost, its plan type); the provider's new cost on the offers of changed
 * ones (their price stays ours); the offers of gone ones switched off, and a plan no other offer
 * sells switched off with it. The provider's list is fetched again here, never taken from the
 * browser; one audit row records the whole change, in the same database transaction.
 */
export async function applyPlanSync(deps: Deps, actor: Actor, body: PlanSyncBody) {
  const { network, serviceId, variations } = await networkAndVariations(deps, body.provider, body.control_id);
  const before = compare(body.provider, variations, await listDataPlans(deps, network.id));
  const rowOf = new Map(before.map((row) => [row.code, row]));
  const configured = (name: string) => deps.providers.has(name);

  const creates: Array<{ row: PlanSyncRow; price: number; parts: NonNullable<PlanSyncRow["suggested"]> }> =
    [];
  const costUpdates: PlanSyncRow[] = [];
  // What each imported plan would sell at: a new one at the price set here against the provider's
  // cost, a changed one at its own price against the dearest of its offers once this one changes.
  const priced: PricedItem[] = [];
  body.import.forEach((item, index) => {
    const row = rowOf.get(item.code);
    const refuse = (msg: string) => fieldRefusal(`import.${index}.code`, msg);
    if (!row || row.state === "gone") throw refuse(`${item.code} is not in the provider's list any more.`);
    const cost = row.provider_cost ?? 0;
    if (row.state === "new") {
      if (!row.suggested)
        throw refuse(`Add ${item.code} by hand: its name does not say its size and validity.`);
      if (item.price === undefined) {
        const msg = `Set our price for ${item.code}.`;
        throw fieldRefusal(`import.${index}.price`, msg);
      }
      creates.push({ row, price: item.price, parts: row.suggested });
      const name = row.suggested.name;
      priced.push({
        kind: "fixed",
        name,
        field: `import.${index}.price`,
        onSale: true,
        price: item.price,
        fee: 0,
        cost,
      });
    } else if (row.state === "changed" && row.plan) {
      costUpdates.push(row);
      const { name, price, enabled, offers } = row.plan;
      const after = offers.map((offer) => ({
        provider: offer.provider,
        enabled: offer.enabled,
        cost: offer.provider === body.provider ? cost : offer.cost,
        commissionBp: 0,
      }));
      const dearest = dearestCost(after, configured);
      if (dearest !== null)
        priced.push({
          kind: "fixed",
          name,
          field: `import.${index}.code`,
          onSale: enabled,
          price,
          fee: 0,
          cost: dearest,
        });
    }
  });
  const gone = new Map(before.filter((r) => r.state === "gone").map((r) => [r.plan?.id, r]));
  const stray = body.switch_off.find((id) => !gone.has(id));
  if (stray !== undefined) {
    const msg = `Plan ${stray} is still in the provider's list (or is not this network's).`;
    throw fieldRefusal("switch_off", msg);
  }
  const lossReason = judgePrices(priced, body.sell_at_loss);
  const now = deps.clock.now();

  try {
    await deps.db.transaction(async (tx) => {
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${dataPlans.sortOrder}), 0) + 1` })
        .from(dataPlans);
      if (creates.length > 0) {
        const added = await tx
          .insert(dataPlans)
          .values(
            creates.map(({ row, price, parts }, i) => ({
              networkId: network.id,
              code: ourCodeFor(body.provider, network.name, row.code),
              ...parts,
              planType: row.plan_type ?? "direct",
              price,
              enabled: true,
              sortOrder: Number(next) + i,
            })),
          )
          .returning({ id: dataPlans.id });
        await tx.insert(providerProducts).values(
          creates.map(({ row }, i) => ({
            provider: body.provider,
            service: "data" as const,
            productId: added[i]?.id ?? 0,
            serviceId,
            variationCode: row.code,
            cost: row.provider_cost ?? 0,
            updatedAt: now,
          })),
        );
      }
      for (const row of costUpdates) {
        if (!row.plan) continue;
        await tx
          .update(providerProducts)
          .set({ cost: row.provider_cost ?? 0, updatedAt: now })
          .where(offerWhere(body.provider, row.plan.id));
      }
      for (const id of body.switch_off) {
        await tx
          .update(providerProducts)
          .set({ enabled: false, updatedAt: now })
          .where(offerWhere(body.provider, id));
      }
      if (body.switch_off.length > 0) {
        // A plan whose last offer on went off can no longer be bought: it goes off the list too.
        await tx
          .update(dataPlans)
          .set({ enabled: false })
          .where(
            and(
              inArray(dataPlans.id, body.switch_off),
              sql`not exists (select 1 from ${providerProducts} where ${providerProducts.service} = 'data' and ${providerProducts.productId} = ${dataPlans.id} and ${providerProducts.enabled})`,
            ),
          );
      }
      await recordAuditBy(tx, deps.clock, actor, {
        action: "plan.sync",
        targetType: "data_network",
        targetId: String(network.id),
        before: {
          provider: body.provider,
          changed: costUpdates.map((r) => ({ code: r.code, cost: r.offer_cost })),
          switched_off: body.switch_off,
        },
        after: {
          provider: body.provider,
          created: creates.map(({ row, price }) => ({
            code: ourCodeFor(body.provider, network.name, row.code),
            variation_code: row.code,
            price,
            cost: row.provider_cost,
          })),
          changed: costUpdates.map((r) => ({ code: r.code, cost: r.provider_cost })),
          switched_off: body.switch_off,
          ...(lossReason !== null && { sell_at_loss_reason: lossReason }),
        },
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const msg = "One of these plans' codes is already used by another of our plans.";
    throw fieldRefusal("import", msg);
  }

  return {
    created: creates.length,
    updated: costUpdates.length,
    switched_off: body.switch_off.length,
    report: {
      control_id: network.id,
      provider: body.provider,
      service_id: serviceId,
      rows: compare(body.provider, variations, await listDataPlans(deps, network.id)),
    },
  };
}

const offerWhere = (provider: string, planId: number) =>
  and(
    eq(providerProducts.provider, provider),
    eq(providerProducts.service, "data"),
    eq(providerProducts.productId, planId),
  );
