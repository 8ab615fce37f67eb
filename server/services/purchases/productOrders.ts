import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { formatNaira } from "../../../schemas/money";
import { airtimeQuote, electricityQuote, feeQuote, planQuote } from "../../../schemas/pricing";
import type {
  AirtimeOrder,
  DataOrder,
  ElectricityOrder,
  MeterType,
  TvOrder,
} from "../../../schemas/purchases";
import type { Queryable } from "../../db/database";
import { rowFromJson } from "../../db/jsonRows";
import {
  dataPlans,
  discos,
  levelPlanPrices,
  networks,
  providerProducts,
  tvPlans,
  tvProviders,
} from "../../db/schema";
import type { ProviderOrder } from "../../outside/provider";
import { fieldRefusal, Refusal } from "../../refusal";
import { airtimeDiscountAtLevel, dataService, priceAtLevel } from "../levels/priceLevels";
import type { Order } from "./order";
import type { PurchaseRequest } from "./placePurchase";
import { verifyMeterWith, verifySmartcardWith } from "./verifyRecipient";

const fingerprint = ({
  pin: _pin,
  request_id: _id,
  allow_duplicate: _dup,
  ...order
}: Record<string, unknown>) => order;

export function airtimeRequest(body: AirtimeOrder): PurchaseRequest {
  return {
    scope: "airtime",
    fingerprint: fingerprint(body),
    catalogue: {
      name: "network",
      query: () =>
        sql`select jsonb_build_object('network', to_jsonb(${networks}), 'offers', ${offersOf("airtime", networks.id)}) from ${networks} where ${networks.id} = ${sql.placeholder("networkId")}`,
      values: { networkId: body.network_id },
    },
    async price(found, { level, configured }) {
      const network = found && rowFromJson(networks, found.network as Record<string, unknown>);
      if (!network) throw fieldRefusal("network_id", "Choose a network.");
      if (!network.airtimeEnabled)
        throw new Refusal("product_unavailable", `${network.name} airtime is not available right now.`);
      if (body.amount < network.airtimeMin || body.amount > network.airtimeMax) {
        const msg = `${network.name} airtime is from ${formatNaira(network.airtimeMin, true)} to ${formatNaira(network.airtimeMax, true)}.`;
        throw fieldRefusal("amount", msg);
      }
      // The level's discount comes on top of the network's own (docs/decisions.md, price levels).
      const quote = airtimeQuote(
        body.amount,
        airtimeDiscountAtLevel(network.airtimeDiscountBp, level.airtime, offerRows(found), configured),
      );
      return {
        kind: "airtime",
        recipient: body.phone,
        quote,
        description: `${network.name} airtime for ${body.phone}`,
        product: `${network.name} ${formatNaira(body.amount, true)} airtime`,
        customerName: null,
        offers: offerRows(found).map((offer) => ({
          provider: offer.provider,
          cost: lessCommission(body.amount, offer.commissionBp),
          delivery: {
            service: "airtime",
            serviceId: offer.serviceId,
            phone: body.phone,
            amount: body.amount,
          },
        })),
        routeScope: { networkId: network.id, planType: null },
      } satisfies Order;
    },
  };
}

export function dataRequest(body: DataOrder): PurchaseRequest {
  return {
    scope: "data",
    fingerprint: fingerprint(body),
    catalogue: {
      name: "data_plan",
      query: () =>
        sql`select jsonb_build_object('plan', to_jsonb(${dataPlans}), 'network', to_jsonb(${networks}), 'offers', ${offersOf("data", dataPlans.id)}, 'fixed', (select ${levelPlanPrices.price} from ${levelPlanPrices} where ${levelPlanPrices.level} = ${sql.placeholder("level")} and ${levelPlanPrices.planId} = ${dataPlans.id})) from ${dataPlans} join ${networks} on ${networks.id} = ${dataPlans.networkId} where ${dataPlans.id} = ${sql.placeholder("planId")}`,
      values: { planId: body.plan_id },
    },
    async price(found, { level, configured }) {
      if (!found) throw fieldRefusal("plan_id", "Choose a data plan from the list.");
      const plan = rowFromJson(dataPlans, found.plan as Record<string, unknown>);
      const network = rowFromJson(networks, found.network as Record<string, unknown>);
      if (!network.dataEnabled)
        throw new Refusal("product_unavailable", `${network.name} data is not available right now.`);
      if (!plan.enabled)
        throw new Refusal("product_unavailable", `The ${plan.name} plan is not available right now.`);
      return {
        kind: "data",
        recipient: body.phone,
        quote: planQuote(
          priceAtLevel(
            plan.price,
            level[dataService(plan.planType)],
            offerRows(found),
            configured,
            0,
            typeof found.fixed === "number" ? found.fixed : null,
          ),
        ),
        description: `${network.name} ${plan.size} data for ${body.phone}`,
        product: `${network.name} ${plan.name}`,
        customerName: null,
        offers: offerRows(found).map((offer) => ({
          provider: offer.provider,
          cost: offer.cost ?? 0,
          delivery: {
            service: "data",
            serviceId: offer.serviceId,
            variationCode: offer.variationCode ?? "",
            planId: plan.id,
            phone: body.phone,
            amount: offer.cost ?? 0,
          },
        })),
        routeScope: { networkId: network.id, planType: plan.planType },
      } satisfies Order;
    },
  };
}

export async function tvProviderFor(db: Queryable, providerId: number) {
  const [provider] = await db.select().from(tvProviders).where(eq(tvProviders.id, providerId));
  if (!provider) throw fieldRefusal("provider_id", "Choose a TV provider.");
  if (!provider.enabled)
    throw new Refusal("product_unavailable", `${provider.name} is not available right now.`);
  return provider;
}

export function tvRequest(db: Queryable, body: TvOrder): PurchaseRequest {
  return {
    scope: "tv",
    fingerprint: fingerprint(body),
    async price(_found, { level, configured }) {
      const tv = await tvProviderFor(db, body.provider_id);
      const [plan] = await db.select().from(tvPlans).where(eq(tvPlans.id, body.plan_id));
      if (!plan || plan.providerId !== tv.id) {
        const msg = `Choose a bouquet from ${tv.name}'s list.`;
        throw fieldRefusal("plan_id", msg);
      }
      if (!plan.enabled) throw new Refusal("product_unavailable", `${plan.name} is not available right now.`);
      const offers = await offersFor(db, "tv", plan.id);
      const price = priceAtLevel(plan.price, level.tv, offers, configured, tv.serviceFee);
      return {
        kind: "tv",
        recipient: body.smartcard,
        quote: feeQuote(price, tv.serviceFee),
        description: `${plan.name}${body.subscription_type === "renew" ? " renewal" : ""} for smartcard ${body.smartcard}`,
        product: plan.name,
        customerName: null,
        offers: offers.map((offer) => ({
          provider: offer.provider,
          cost: offer.cost ?? 0,
          delivery: {
            service: "tv",
            serviceId: offer.serviceId,
            variationCode: offer.variationCode ?? "",
            planId: plan.id,
            smartcard: body.smartcard,
            phone: body.phone,
            subscriptionType: body.subscription_type ?? "change",
            // What the provider is asked to deliver: the bouquet's face value as it sells it.
            amount: plan.price,
          },
        })),
        routeScope: { networkId: null, planType: null },
      } satisfies Order;
    },
    async verify(order, offer, provider) {
      const delivery = offer.delivery as Extract<ProviderOrder, { service: "tv" }>;
      const found = await verifySmartcardWith(provider, delivery.serviceId, body.smartcard);
      // A renewal pays what the provider says renewing costs; sold at the chosen bouquet's price, the
      // two must agree, or the customer would pay for one thing and the provider charge another.
      if (delivery.subscriptionType === "renew" && found.renewal_amount !== delivery.amount) {
        const msg = found.renewal_amount
          ? `Renewing this smartcard costs ${formatNaira(found.renewal_amount)}, not the price of the bouquet you chose. Choose its bouquet, or change to this one instead.`
          : "This smartcard has no bouquet to renew. Change to the bouquet you chose instead.";
        throw fieldRefusal("subscription_type", msg);
      }
      return { ...order, customerName: found.customer_name };
    },
  };
}

export async function discoFor(db: Queryable, discoId: number) {
  const [disco] = await db.select().from(discos).where(eq(discos.id, discoId));
  if (!disco) throw fieldRefusal("disco_id", "Choose your electricity company.");
  if (!disco.enabled) throw new Refusal("product_unavailable", `${disco.name} is not available right now.`);
  return disco;
}

export function electricityRequest(db: Queryable, body: ElectricityOrder): PurchaseRequest {
  return {
    scope: "electricity",
    fingerprint: fingerprint(body),
    async price(_found, { level }) {
      const disco = await discoFor(db, body.disco_id);
      if (body.amount < disco.minAmount || body.amount > disco.maxAmount) {
        const msg = `The amount for ${disco.name} must be from ${formatNaira(disco.minAmount, true)} to ${formatNaira(disco.maxAmount, true)}.`;
        throw fieldRefusal("amount", msg);
      }
      return {
        kind: "electricity",
        recipient: body.meter_number,
        quote: electricityQuote(body.amount, disco.serviceFee, level.electricity / 100),
        description: `${disco.name} ${meterLabel(body.meter_type)} electricity for meter ${body.meter_number}`,
        product: `${disco.name}, ${meterLabel(body.meter_type)}`,
        customerName: null,
        offers: (await offersFor(db, "electricity", disco.id)).map((offer) => ({
          provider: offer.provider,
          cost: lessCommission(body.amount, offer.commissionBp),
          delivery: {
            service: "electricity",
            serviceId: offer.serviceId,
            meterNumber: body.meter_number,
            meterType: body.meter_type,
            amount: body.amount,
            phone: body.phone,
          },
        })),
        routeScope: { networkId: null, planType: null },
      } satisfies Order;
    },
    async verify(order, offer, provider) {
      const delivery = offer.delivery as Extract<ProviderOrder, { service: "electricity" }>;
      const found = await verifyMeterWith(provider, delivery.serviceId, body.meter_number, body.meter_type);
      return { ...order, customerName: found.customer_name };
    },
  };
}

const meterLabel = (type: MeterType) => (type === "prepaid" ? "prepaid" : "postpaid");

/** Face value less what the provider takes off it for us: what an airtime or electricity sale costs. */
const lessCommission = (amount: number, commissionBp: number) =>
  amount - Math.floor((amount * commissionBp) / 10_000);

type OfferRow = typeof providerProducts.$inferSelect;

/** The enabled provider offers of a catalogue row, as a JSON array: a part of the purchase's first statement. */
const offersOf = (service: OfferRow["service"], productId: AnyPgColumn) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(${providerProducts})), '[]'::jsonb) from ${providerProducts}
    where ${providerProducts.service} = ${service} and ${providerProducts.productId} = ${productId} and ${providerProducts.enabled})`;

/** The offers `offersOf` read, as Drizzle reads the table. */
const offerRows = (found: Record<string, unknown>) =>
  (found.offers as Record<string, unknown>[]).map((row) => rowFromJson(providerProducts, row));

/** The enabled offers of a catalogue row, read on their own (TV and electricity look up without the first statement). */
function offersFor(db: Queryable, service: OfferRow["service"], productId: number) {
  return db
    .select()
    .from(providerProducts)
    .where(
      and(
        eq(providerProducts.service, service),
        eq(providerProducts.productId, productId),
        eq(providerProducts.enabled, true),
      ),
    );
}
