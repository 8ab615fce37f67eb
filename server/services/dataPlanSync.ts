import { and, eq, inArray, sql } from "drizzle-orm";
import type { PlanSyncBody, PlanSyncReport, PlanSyncRow } from "../../schemas/planSync";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { dataPlans, networks } from "../db/schema";
import type { Provider, ProviderVariation } from "../outside/provider";
import { fieldRefusal, notFound, Refusal } from "../refusal";
import { recordAudit } from "./audit";
import { type Actor, listDataPlans } from "./catalogueAdmin";
import { judgePrices, type PricedItem } from "./pricingRule";
import { planParts } from "./providerPlanNames";

type Deps = { db: Database; clock: Clock; provider: Provider };
type OurPlan = Awaited<ReturnType<typeof listDataPlans>>[number];

const stateOrder: Record<PlanSyncRow["state"], number> = { new: 0, changed: 1, gone: 2, same: 3 };

function compare(variations: ProviderVariation[], ours: OurPlan[]): PlanSyncRow[] {
  const byCode = new Map(ours.map((plan) => [plan.code, plan]));
  const offered = new Set(variations.map((v) => v.code));
  const rows: PlanSyncRow[] = variations.map((v) => {
    const plan = byCode.get(v.code) ?? null;
    return {
      state: !plan ? "new" : plan.cost_price !== v.amount ? "changed" : "same",
      code: v.code,
      provider_name: v.name,
      provider_cost: v.amount,
      plan,
      suggested: plan ? null : planParts(v.name),
    };
  });
  for (const plan of ours) {
    if (!offered.has(plan.code)) {
      rows.push({
        state: "gone",
        code: plan.code,
        provider_name: null,
        provider_cost: null,
        plan,
        suggested: null,
      });
    }
  }
  return rows.sort((a, b) => stateOrder[a.state] - stateOrder[b.state] || a.code.localeCompare(b.code));
}

async function networkAndVariations(deps: Deps, networkId: number) {
  const [network] = await deps.db.select().from(networks).where(eq(networks.id, networkId));
  if (!network) throw notFound("No network with that id.");
  try {
    return {
      network,
      variations: await deps.provider.variations(network.dataServiceId),
    };
  } catch {
    throw new Refusal(
      "service_unavailable",
      "We could not get the provider's plans just now. Please try again shortly.",
    );
  }
}

/** The provider's plans for a network next to ours: new, changed in cost, gone, or the same. */
export async function planSyncReport(deps: Deps, networkId: number): Promise<PlanSyncReport> {
  const { network, variations } = await networkAndVariations(deps, networkId);
  return {
    control_id: network.id,
    service_id: network.dataServiceId,
    rows: compare(variations, await listDataPlans(deps.db, network.id)),
  };
}

/**
 * Imports what staff chose: new plans at the price they set (the provider's amount as our cost),
 * the provider's new cost for changed ones (their price stays ours), and gone ones switched off.
 * The provider's list is fetched again here, never taken from the browser; one audit row records
 * the whole change, in the same database transaction.
 */
export async function applyPlanSync(deps: Deps, actor: Actor, body: PlanSyncBody) {
  const { network, variations } = await networkAndVariations(deps, body.control_id);
  const before = compare(variations, await listDataPlans(deps.db, network.id));
  const rowOf = new Map(before.map((row) => [row.code, row]));

  const creates: Array<{ row: PlanSyncRow; price: number; parts: NonNullable<PlanSyncRow["suggested"]> }> =
    [];
  const costUpdates: PlanSyncRow[] = [];
  // What each imported plan would sell at: a new one at the price set here, a changed one at its own
  // price against the provider's new cost.
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
      const { name, price, enabled } = row.plan;
      priced.push({
        kind: "fixed",
        name,
        field: `import.${index}.code`,
        onSale: enabled,
        price,
        fee: 0,
        cost,
      });
    }
  });
  const goneIds = new Set(before.filter((r) => r.state === "gone").map((r) => r.plan?.id));
  const stray = body.switch_off.find((id) => !goneIds.has(id));
  if (stray !== undefined) {
    const msg = `Plan ${stray} is still in the provider's list (or is not this network's).`;
    throw fieldRefusal("switch_off", msg);
  }
  const lossReason = judgePrices(priced, body.sell_at_loss);

  try {
    await deps.db.transaction(async (tx) => {
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`coalesce(max(${dataPlans.sortOrder}), 0) + 1` })
        .from(dataPlans);
      if (creates.length > 0) {
        await tx.insert(dataPlans).values(
          creates.map(({ row, price, parts }, i) => ({
            networkId: network.id,
            code: row.code,
            ...parts,
            price,
            costPrice: row.provider_cost ?? 0,
            enabled: true,
            sortOrder: Number(next) + i,
          })),
        );
      }
      for (const row of costUpdates) {
        await tx
          .update(dataPlans)
          .set({ costPrice: row.provider_cost ?? 0 })
          .where(and(eq(dataPlans.code, row.code), eq(dataPlans.networkId, network.id)));
      }
      if (body.switch_off.length > 0) {
        await tx.update(dataPlans).set({ enabled: false }).where(inArray(dataPlans.id, body.switch_off));
      }
      await recordAudit(tx, deps.clock, {
        actorId: actor.user.id,
        action: "plan.sync",
        targetType: "data_network",
        targetId: String(network.id),
        before: {
          changed: costUpdates.map((r) => ({ code: r.code, cost_price: r.plan?.cost_price })),
          switched_off: body.switch_off,
        },
        after: {
          created: creates.map(({ row, price }) => ({
            code: row.code,
            price,
            cost_price: row.provider_cost,
          })),
          changed: costUpdates.map((r) => ({ code: r.code, cost_price: r.provider_cost })),
          switched_off: body.switch_off,
          ...(lossReason !== null && { sell_at_loss_reason: lossReason }),
        },
        ip: actor.ip,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const msg = "One of these codes is already used by another network's plan.";
    throw fieldRefusal("import", msg);
  }

  return {
    created: creates.length,
    updated: costUpdates.length,
    switched_off: body.switch_off.length,
    report: {
      control_id: network.id,
      service_id: network.dataServiceId,
      rows: compare(variations, await listDataPlans(deps.db, network.id)),
    },
  };
}
