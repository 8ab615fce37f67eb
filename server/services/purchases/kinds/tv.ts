import { eq } from "drizzle-orm";
import { formatNaira } from "../../../../schemas/money";
import { msorgCableBody } from "../../../../schemas/msorgDialect";
import { feeQuote } from "../../../../schemas/pricing";
import type { TvOrder, TvVerifyResult } from "../../../../schemas/purchases";
import type { Queryable } from "../../../db/database";
import { tvPlans, tvProviders } from "../../../db/schema";
import type { ProviderOrder } from "../../../outside/provider";
import { fieldRefusal, Refusal } from "../../../refusal";
import { priceAtLevel } from "../../levels/priceLevels";
import { msorgKind } from "../../resellers/msorgKind";
import type { Order } from "../order";
import { checkingProvider } from "../routePurchase";
import { verifySmartcardWith } from "../verifyRecipient";
import { offerOf, offersFor, planOffer } from "./offerLookups";
import type { KindRequest, PurchaseKindModule, RecipientCheckDeps } from "./purchaseKind";

async function tvProviderFor(db: Queryable, providerId: number) {
  const [provider] = await db.select().from(tvProviders).where(eq(tvProviders.id, providerId));
  if (!provider) throw fieldRefusal("provider_id", "Choose a TV provider.");
  if (!provider.enabled)
    throw new Refusal("product_unavailable", `${provider.name} is not available right now.`);
  return provider;
}

/**
 * A renewal pays what the provider says renewing costs; sold at the chosen bouquet's price, the two
 * must agree, or the customer would pay for one thing and the provider charge another. `field` is the
 * one the asking form shows the refusal under; `canChange` whether that form can buy the bouquet as a
 * change instead (a purchase can, a schedule only renews).
 */
export function checkRenewalPrice(
  found: Pick<TvVerifyResult, "renewal_amount">,
  price: number,
  field: string,
  canChange = true,
) {
  if (found.renewal_amount === price) return;
  const msg = found.renewal_amount
    ? `Renewing this smartcard costs ${formatNaira(found.renewal_amount)}, not the price of the bouquet you chose. ${canChange ? "Choose its bouquet, or change to this one instead." : "Choose its bouquet."}`
    : `This smartcard has no bouquet to renew.${canChange ? " Change to the bouquet you chose instead." : ""}`;
  throw fieldRefusal(field, msg);
}

function tvRequest(db: Queryable, body: TvOrder): KindRequest {
  return {
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
        kind: "tv" as const,
        recipient: body.smartcard,
        quote: feeQuote(price, tv.serviceFee),
        description: `${plan.name}${body.subscription_type === "renew" ? " renewal" : ""} for smartcard ${body.smartcard}`,
        product: plan.name,
        customerName: null,
        offers: offers.map((offer) =>
          offerOf(offer, offer.cost ?? 0, {
            service: "tv",
            ...planOffer(offer, plan.id),
            smartcard: body.smartcard,
            phone: body.phone,
            subscriptionType: body.subscription_type ?? "change",
            // What the provider is asked to deliver: the bouquet's face value as it sells it.
            amount: plan.price,
          }),
        ),
        routeScope: { networkId: null, planType: null },
      } satisfies Order;
    },
    async verify(order, offer, provider) {
      const delivery = offer.delivery as Extract<ProviderOrder, { service: "tv" }>;
      const found = await verifySmartcardWith(provider, delivery.serviceId, body.smartcard);
      if (delivery.subscriptionType === "renew")
        checkRenewalPrice(found, delivery.amount, "subscription_type");
      return { ...order, customerName: found.customer_name };
    },
  };
}

/** A smartcard checked before buying, with the provider the purchase would go to first. */
async function checkSmartcard(
  deps: RecipientCheckDeps,
  body: Pick<TvOrder, "provider_id" | "smartcard">,
): Promise<TvVerifyResult> {
  const tv = await tvProviderFor(deps.db, body.provider_id);
  const bouquets = await deps.db
    .select({ id: tvPlans.id })
    .from(tvPlans)
    .where(eq(tvPlans.providerId, tv.id));
  const checker = await checkingProvider(
    deps,
    "tv",
    bouquets.map((bouquet) => bouquet.id),
  );
  return verifySmartcardWith(checker.provider, checker.serviceId, body.smartcard);
}

/** Cable TV: a bouquet for a smartcard, bought or renewed; the smartcard is checked with the provider first. */
export const tv = {
  kind: "tv" as const,
  request: tvRequest,
  checkRecipient: checkSmartcard,
  msorg: msorgKind({
    service: "cablesub" as const,
    body: msorgCableBody,
    order: async (_deps, body, caller): Promise<TvOrder> => ({
      provider_id: body.cablename,
      plan_id: body.cableplan,
      smartcard: body.smart_card_number,
      phone: caller.user.phone,
    }),
    recordFields: (row, asked) => ({
      cablename: asked.cablename,
      cableplan: asked.cableplan,
      package: row.product,
      smart_card_number: row.recipient,
      customer_name: row.customerName,
    }),
  }),
} satisfies PurchaseKindModule<TvOrder, TvVerifyResult>;
