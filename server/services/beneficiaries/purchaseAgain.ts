import { and, eq } from "drizzle-orm";
import type { PurchaseAgain } from "../../../schemas/beneficiaries";
import type { Queryable } from "../../db/database";
import {
  dataPlans,
  discos,
  networks,
  providerProducts,
  transactions,
  tvPlans,
  tvProviders,
} from "../../db/schema";
import type { ProviderOrder } from "../../outside/provider";
import { notFound } from "../../refusal";

type Row = typeof transactions.$inferSelect;
type Again = PurchaseAgain["order"];

const cannot = () => notFound("There is no purchase of yours to buy again here.");
// Only a plan or bouquet: the wizard's lists leave one switched off out, so the form cannot say it;
// a network, TV provider or disco switched off stays in its list, marked unavailable, and says so.
const off = (name: string, enabled: boolean) => (enabled ? null : `${name} is not available right now.`);

/** The catalogue row a provider's service id stands for (a network's airtime, a disco), where it sold it. */
async function productOf(db: Queryable, row: Row, service: "airtime" | "electricity", serviceId: string) {
  const where = [eq(providerProducts.service, service), eq(providerProducts.serviceId, serviceId)];
  if (row.provider) where.push(eq(providerProducts.provider, row.provider));
  const [found] = await db
    .select({ id: providerProducts.productId })
    .from(providerProducts)
    .where(and(...where))
    .limit(1);
  if (!found) throw cannot();
  return found.id;
}

async function againOf(db: Queryable, row: Row, order: ProviderOrder): Promise<[Again, string | null]> {
  switch (order.service) {
    case "airtime": {
      const id = await productOf(db, row, "airtime", order.serviceId);
      const [network] = await db.select().from(networks).where(eq(networks.id, id));
      if (!network) throw cannot();
      const again = { network_id: network.id, phone: order.phone, amount: order.amount };
      return [again, null];
    }
    case "data": {
      const [found] = await db
        .select({ plan: dataPlans, network: networks })
        .from(dataPlans)
        .innerJoin(networks, eq(networks.id, dataPlans.networkId))
        .where(eq(dataPlans.id, order.planId));
      if (!found) throw cannot();
      const { plan, network } = found;
      const again = { network_id: network.id, plan_id: plan.id, phone: order.phone };
      return [again, off(plan.name, plan.enabled)];
    }
    case "tv": {
      const [found] = await db
        .select({ plan: tvPlans, provider: tvProviders })
        .from(tvPlans)
        .innerJoin(tvProviders, eq(tvProviders.id, tvPlans.providerId))
        .where(eq(tvPlans.id, order.planId));
      if (!found) throw cannot();
      const { plan, provider } = found;
      const again: Again = {
        provider_id: provider.id,
        plan_id: plan.id,
        smartcard: order.smartcard,
        phone: order.phone,
      };
      if (order.subscriptionType === "renew") again.subscription_type = "renew";
      return [again, off(plan.name, plan.enabled)];
    }
    case "electricity": {
      const id = await productOf(db, row, "electricity", order.serviceId);
      const [disco] = await db.select().from(discos).where(eq(discos.id, id));
      if (!disco) throw cannot();
      const again = {
        disco_id: disco.id,
        meter_number: order.meterNumber,
        meter_type: order.meterType,
        amount: order.amount,
        phone: order.phone,
      };
      return [again, null];
    }
    default:
      throw cannot();
  }
}

const againKinds = new Set<string>(["airtime", "data", "tv", "electricity"]);

/**
 * What the customer's purchase asked for, as its wizard's fields, read back from what was sent to
 * the provider and the catalogue it names: the wizard opens filled in and the PIN is asked again.
 */
export async function purchaseAgain(db: Queryable, userId: string, id: string): Promise<PurchaseAgain> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, userId)));
  if (!row || !againKinds.has(row.kind) || !row.order) throw cannot();
  const [order, unavailable] = await againOf(db, row, row.order as ProviderOrder);
  return { kind: row.kind as PurchaseAgain["kind"], order, unavailable };
}
