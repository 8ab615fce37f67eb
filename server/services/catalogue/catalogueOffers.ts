import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod/mini";
import type { networkDataIdPut, OfferKey, OfferService, StaffOffer } from "../../../schemas/catalogueOffers";
import type { offerPut } from "../../../schemas/catalogueStaff";
import { basisPoints } from "../../../schemas/pricing";
import type { Clock } from "../../clock";
import type { Database, Queryable, Transaction } from "../../db/database";
import {
  dataPlans,
  discos,
  examProducts,
  networks,
  providerNetworks,
  providerProducts,
  rechargeCards,
  tvPlans,
  tvProviders,
} from "../../db/schema";
import type { ProviderSet } from "../../outside/providerSet";
import { fieldRefusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { rechargeCardName } from "../purchases/rechargeCards";
import {
  dearestCost,
  judgePrices,
  leastCommissionPercent,
  type PricedItem,
  setsPricing,
} from "./pricingRule";

/**
 * A product's offers, one per provider that sells it (provider_products): the only place a
 * provider's code, cost and commission live. Staff add, change, switch off and remove them here;
 * each write is judged by the pricing rule against the product's price and audited in its transaction.
 */

type Deps = { db: Database; clock: Clock; providers: ProviderSet };
type OfferRow = typeof providerProducts.$inferSelect;

export const offerView = (row: OfferRow, providers: ProviderSet): StaffOffer => ({
  provider: row.provider,
  label: providers.labelOf(row.provider),
  configured: providers.has(row.provider),
  service_id: row.serviceId,
  variation_code: row.variationCode,
  cost: row.cost,
  commission_percent: row.commissionBp / 100,
  enabled: row.enabled,
});

/** The audit's view of an offer: what staff set, without the label they did not. */
const offerAudit = (row: OfferRow) => ({
  provider: row.provider,
  service_id: row.serviceId,
  variation_code: row.variationCode,
  cost: row.cost,
  commission_percent: row.commissionBp / 100,
  enabled: row.enabled,
});

/** Every offer of these products, switched-off ones too, by product: what the console lists. */
export async function offerRowsOf(db: Queryable, service: OfferService, productIds: readonly number[]) {
  const byProduct = new Map<number, OfferRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(providerProducts)
    .where(and(eq(providerProducts.service, service), inArray(providerProducts.productId, [...productIds])))
    .orderBy(providerProducts.provider);
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/** The offers of one product as staff see them, in the order they were read. */
export const offerViewsOf = (rows: readonly OfferRow[] | undefined, providers: ProviderSet) =>
  (rows ?? []).map((row) => offerView(row, providers));

/**
 * How the pricing rule sees a product once its offers are as given: a plan or bouquet at its price
 * (and the provider's fee) against its dearest offer, airtime's discount against its smallest
 * commission. Electricity's offers do not change what it sells at: nothing to judge.
 */
export async function pricedByOffers(
  tx: Queryable,
  providers: ProviderSet,
  service: OfferService,
  productId: number,
  offers: readonly OfferRow[],
  field: string,
): Promise<PricedItem[]> {
  const configured = (name: string) => providers.has(name);
  if (service === "data" || service === "tv" || service === "exam_pin" || service === "recharge_pin") {
    const cost = dearestCost(offers, configured);
    if (cost === null) return [];
    // A bouquet's service fee is part of what the customer pays for it.
    const [product] =
      service === "recharge_pin"
        ? await rechargeCardPriced(tx, productId)
        : service === "exam_pin"
          ? await tx
              .select({
                name: examProducts.name,
                price: examProducts.price,
                enabled: examProducts.enabled,
                fee: sql<number>`0`,
              })
              .from(examProducts)
              .where(eq(examProducts.id, productId))
          : service === "data"
            ? await tx
                .select({
                  name: dataPlans.name,
                  price: dataPlans.price,
                  enabled: dataPlans.enabled,
                  fee: sql<number>`0`,
                })
                .from(dataPlans)
                .where(eq(dataPlans.id, productId))
            : await tx
                .select({
                  name: tvPlans.name,
                  price: tvPlans.price,
                  enabled: tvPlans.enabled,
                  fee: tvProviders.serviceFee,
                })
                .from(tvPlans)
                .innerJoin(tvProviders, eq(tvProviders.id, tvPlans.providerId))
                .where(eq(tvPlans.id, productId));
    if (!product) return [];
    const fee = Number(product.fee);
    return [
      { kind: "fixed", name: product.name, field, onSale: product.enabled, price: product.price, fee, cost },
    ];
  }
  if (service === "airtime") {
    const commission = leastCommissionPercent(offers, configured);
    if (commission === null) return [];
    const [network] = await tx.select().from(networks).where(eq(networks.id, productId));
    if (!network) return [];
    return [
      {
        kind: "airtime",
        name: `${network.name} airtime`,
        field,
        onSale: network.airtimeEnabled,
        discountPercent: network.airtimeDiscountBp / 100,
        commissionPercent: commission,
      },
    ];
  }
  return [];
}

/** A recharge card as the pricing rule sees it, named as staff read it. */
async function rechargeCardPriced(tx: Queryable, id: number) {
  const rows = await tx
    .select({ card: rechargeCards, network: networks.name })
    .from(rechargeCards)
    .innerJoin(networks, eq(networks.id, rechargeCards.networkId))
    .where(eq(rechargeCards.id, id));
  return rows.map(({ card, network }) => ({
    name: rechargeCardName(network, card.denomination),
    price: card.price,
    enabled: card.enabled,
    fee: 0,
  }));
}

/** The product an offer is for, locked: its offers change only while nobody else changes it. */
async function lockProduct(tx: Transaction, service: OfferService, productId: number) {
  const missing = () => fieldRefusal("product_id", `No ${productWords[service]} with that id.`);
  switch (service) {
    case "airtime": {
      const [row] = await tx.select().from(networks).where(eq(networks.id, productId)).for("update");
      if (!row) throw missing();
      return { networkId: row.id };
    }
    case "data": {
      const [row] = await tx.select().from(dataPlans).where(eq(dataPlans.id, productId)).for("update");
      if (!row) throw missing();
      return { networkId: row.networkId };
    }
    case "tv": {
      const [row] = await tx.select().from(tvPlans).where(eq(tvPlans.id, productId)).for("update");
      if (!row) throw missing();
      return { networkId: null };
    }
    case "electricity": {
      const [row] = await tx.select().from(discos).where(eq(discos.id, productId)).for("update");
      if (!row) throw missing();
      return { networkId: null };
    }
    case "exam_pin": {
      const [row] = await tx.select().from(examProducts).where(eq(examProducts.id, productId)).for("update");
      if (!row) throw missing();
      return { networkId: null };
    }
    case "recharge_pin": {
      const [row] = await tx
        .select()
        .from(rechargeCards)
        .where(eq(rechargeCards.id, productId))
        .for("update");
      if (!row) throw missing();
      return { networkId: null };
    }
  }
}

const productWords: Record<OfferService, string> = {
  airtime: "network",
  data: "data plan",
  tv: "bouquet",
  electricity: "distribution company",
  exam_pin: "exam PIN",
  recharge_pin: "recharge card",
};

/** A provider's data id for a network, where one is set: a new data offer's `service_id`. */
export async function networkDataIdOf(db: Queryable, provider: string, networkId: number) {
  const [row] = await db
    .select()
    .from(providerNetworks)
    .where(and(eq(providerNetworks.provider, provider), eq(providerNetworks.networkId, networkId)));
  return row?.dataServiceId ?? null;
}

/**
 * What an offer becomes: the body's fields over the offer as it was. A plan or bouquet's needs a plan
 * code and a cost, airtime and electricity's a commission instead; a data offer's id for the network
 * defaults to the provider's data id for it (provider_networks).
 */
async function mergeOffer(
  tx: Transaction,
  body: z.output<typeof offerPut>,
  before: OfferRow | undefined,
  networkId: number | null,
): Promise<Omit<OfferRow, "updatedAt">> {
  // Exam PINs are priced like plans, but the SME-data vendor sells them by exam name alone: no plan code.
  // A recharge card's offer names the vendor's card (`network_amount`) as its plan code.
  const fixed =
    body.service === "data" ||
    body.service === "tv" ||
    body.service === "exam_pin" ||
    body.service === "recharge_pin";
  const planCoded = body.service === "data" || body.service === "tv" || body.service === "recharge_pin";
  const which = productWords[body.service];
  if (fixed && body.commission_percent !== undefined)
    throw fieldRefusal(
      "commission_percent",
      `${/^[aeiou]/i.test(which) ? "An" : "A"} ${which}'s offer has a cost, not a commission.`,
    );
  if (!fixed && body.cost !== undefined)
    throw fieldRefusal(
      "cost",
      `${which === "network" ? "Airtime" : "Electricity"} offers have a commission, not a cost.`,
    );
  if (!fixed && body.variation_code !== undefined)
    throw fieldRefusal(
      "variation_code",
      "Only a data plan, bouquet, exam PIN or recharge card has a provider's plan code.",
    );
  const serviceId =
    body.service_id ??
    before?.serviceId ??
    (body.service === "data" && networkId !== null
      ? await networkDataIdOf(tx, body.provider, networkId)
      : null);
  if (!serviceId) throw fieldRefusal("service_id", "Give the provider's id for the network, cable or disco.");
  const variationCode = fixed ? (body.variation_code ?? before?.variationCode ?? null) : null;
  if (planCoded && !variationCode)
    throw fieldRefusal("variation_code", "Give the provider's code for the plan.");
  const cost = fixed ? (body.cost ?? before?.cost ?? null) : null;
  if (fixed && cost === null) throw fieldRefusal("cost", "Give what the provider charges us for it.");
  return {
    provider: body.provider,
    service: body.service,
    productId: body.product_id,
    serviceId,
    variationCode,
    cost,
    commissionBp: fixed ? 0 : basisPoints(body.commission_percent ?? (before?.commissionBp ?? 0) / 100),
    enabled: body.enabled,
  };
}

const offerTarget = (key: OfferKey) => `${key.service}:${key.product_id}:${key.provider}`;

/** Adds an offer, or changes one: judged against the product's price, audited, in one transaction. */
export async function putOffer(
  deps: Deps,
  actor: Actor,
  { sell_at_loss, ...body }: z.output<typeof offerPut>,
) {
  if (!deps.providers.has(body.provider))
    throw fieldRefusal("provider", `${body.provider} is not a provider OjaPay buys from (PROVIDERS).`);
  return deps.db.transaction(async (tx) => {
    const { networkId } = await lockProduct(tx, body.service, body.product_id);
    const existing = await tx
      .select()
      .from(providerProducts)
      .where(
        and(eq(providerProducts.service, body.service), eq(providerProducts.productId, body.product_id)),
      );
    const before = existing.find((row) => row.provider === body.provider);
    const merged = await mergeOffer(tx, body, before, networkId);
    // A new offer, or one whose cost, commission or switch changes, is a pricing decision.
    const lossReason =
      !before || setsPricing(body, ["cost", "commission_percent"]) || before.enabled !== merged.enabled
        ? judgePrices(
            await pricedByOffers(
              tx,
              deps.providers,
              body.service,
              body.product_id,
              [
                ...existing.filter((row) => row.provider !== body.provider),
                { ...merged, updatedAt: deps.clock.now() },
              ],
              body.service === "airtime" ? "commission_percent" : "cost",
            ),
            sell_at_loss,
          )
        : null;
    const [after] = await tx
      .insert(providerProducts)
      .values({ ...merged, updatedAt: deps.clock.now() })
      .onConflictDoUpdate({
        target: [providerProducts.provider, providerProducts.service, providerProducts.productId],
        set: { ...merged, updatedAt: deps.clock.now() },
      })
      .returning();
    if (!after) throw new Error("the offer was not written");
    await recordAuditBy(tx, deps.clock, actor, {
      action: "catalogue.update",
      targetType: `${body.service}_offer`,
      targetId: offerTarget(body),
      before: before ? offerAudit(before) : null,
      after:
        lossReason === null ? offerAudit(after) : { ...offerAudit(after), sell_at_loss_reason: lossReason },
    });
    return offerView(after, deps.providers);
  });
}

/**
 * Removes an offer: that provider no longer sells the product. Removing one cannot make a sale lose
 * money (the dearest offer left costs no more), so the pricing rule has nothing to ask.
 */
export async function removeOffer(deps: Deps, actor: Actor, key: OfferKey) {
  return deps.db.transaction(async (tx) => {
    await lockProduct(tx, key.service, key.product_id);
    const [removed] = await tx
      .delete(providerProducts)
      .where(
        and(
          eq(providerProducts.service, key.service),
          eq(providerProducts.productId, key.product_id),
          eq(providerProducts.provider, key.provider),
        ),
      )
      .returning();
    if (!removed)
      throw fieldRefusal("provider", `${deps.providers.labelOf(key.provider)} has no offer for it.`);
    await recordAuditBy(tx, deps.clock, actor, {
      action: "catalogue.update",
      targetType: `${key.service}_offer`,
      targetId: offerTarget(key),
      before: offerAudit(removed),
      after: null,
    });
    return { removed: true };
  });
}

/** Each provider's data id for each network, by network: what the console's data page lists. */
export async function networkDataIds(db: Queryable, providers: ProviderSet) {
  const rows = await db.select().from(providerNetworks).orderBy(providerNetworks.provider);
  const byNetwork = new Map<number, Array<{ provider: string; label: string; service_id: string }>>();
  for (const row of rows) {
    const view = {
      provider: row.provider,
      label: providers.labelOf(row.provider),
      service_id: row.dataServiceId,
    };
    byNetwork.set(row.networkId, [...(byNetwork.get(row.networkId) ?? []), view]);
  }
  return byNetwork;
}

/**
 * Sets a provider's data id for a network, and the id of that provider's offers for the network's
 * plans with it (purchases read offers alone), in one audited transaction.
 */
export async function putNetworkDataId(deps: Deps, actor: Actor, body: z.output<typeof networkDataIdPut>) {
  if (!deps.providers.has(body.provider))
    throw fieldRefusal("provider", `${body.provider} is not a provider OjaPay buys from (PROVIDERS).`);
  return deps.db.transaction(async (tx) => {
    const [network] = await tx.select().from(networks).where(eq(networks.id, body.network_id)).for("update");
    if (!network) throw fieldRefusal("network_id", "Choose a network.");
    const before = await networkDataIdOf(tx, body.provider, network.id);
    await tx
      .insert(providerNetworks)
      .values({
        provider: body.provider,
        networkId: network.id,
        dataServiceId: body.service_id,
        updatedAt: deps.clock.now(),
      })
      .onConflictDoUpdate({
        target: [providerNetworks.provider, providerNetworks.networkId],
        set: { dataServiceId: body.service_id, updatedAt: deps.clock.now() },
      });
    const plans = tx.select({ id: dataPlans.id }).from(dataPlans).where(eq(dataPlans.networkId, network.id));
    await tx
      .update(providerProducts)
      .set({ serviceId: body.service_id, updatedAt: deps.clock.now() })
      .where(
        and(
          eq(providerProducts.service, "data"),
          eq(providerProducts.provider, body.provider),
          inArray(providerProducts.productId, plans),
        ),
      );
    await recordAuditBy(tx, deps.clock, actor, {
      action: "catalogue.update",
      targetType: "data_network",
      targetId: String(network.id),
      before: before === null ? null : { provider: body.provider, service_id: before },
      after: { provider: body.provider, service_id: body.service_id },
    });
    return {
      provider: body.provider,
      label: deps.providers.labelOf(body.provider),
      service_id: body.service_id,
    };
  });
}
