import { and, eq, sql } from "drizzle-orm";
import { msorgRechargepinBody } from "../../../../schemas/msorgDialect";
import { planQuote } from "../../../../schemas/pricing";
import type { RechargePinOrder } from "../../../../schemas/purchases";
import { rowFromJson } from "../../../db/jsonRows";
import { networks, rechargeCards } from "../../../db/schema";
import { fieldRefusal, Refusal } from "../../../refusal";
import { priceAtLevel } from "../../levels/priceLevels";
import { msorgKind, nairaText } from "../../resellers/msorgKind";
import type { Order } from "../order";
import { rechargeCardName } from "../rechargeCards";
import { offerOf, offerRows, offersOf } from "./offerLookups";
import type { KindRequest, PurchaseKindModule } from "./purchaseKind";

const chooseCard = () => fieldRefusal("denomination", "Choose a card from the list.");

function rechargePinRequest(_db: unknown, body: RechargePinOrder): KindRequest {
  return {
    catalogue: {
      name: "recharge_card",
      query: () =>
        sql`select jsonb_build_object('card', to_jsonb(${rechargeCards}), 'network', ${networks.name}, 'offers', ${offersOf("recharge_pin", rechargeCards.id)}) from ${rechargeCards} join ${networks} on ${networks.id} = ${rechargeCards.networkId} where ${rechargeCards.networkId} = ${sql.placeholder("networkId")} and ${rechargeCards.denomination} = ${sql.placeholder("denomination")}`,
      values: { networkId: body.network_id, denomination: body.denomination },
    },
    async price(found, { level, configured }) {
      if (!found) throw chooseCard();
      const card = rowFromJson(rechargeCards, found.card as Record<string, unknown>);
      const network = String(found.network);
      const name = rechargeCardName(network, card.denomination);
      if (!card.enabled) throw new Refusal("product_unavailable", `${name}s are not available right now.`);
      const offers = offerRows(found);
      const each = priceAtLevel(card.price, level.recharge_pin, offers, configured);
      const count = body.quantity === 1 ? "" : `${body.quantity} × `;
      return {
        kind: "recharge_pin" as const,
        recipient: body.name_on_card,
        quote: planQuote(each * body.quantity),
        description: `${count}${name} for ${body.name_on_card}`,
        product: name,
        customerName: null,
        offers: offers.map((offer) => {
          const cost = (offer.cost ?? card.denomination) * body.quantity;
          return offerOf(offer, cost, {
            service: "recharge_pin",
            serviceId: offer.serviceId,
            variationCode: offer.variationCode ?? "",
            productId: card.id,
            networkId: card.networkId,
            network,
            denomination: card.denomination,
            quantity: body.quantity,
            nameOnCard: body.name_on_card,
            amount: cost,
          });
        }),
        routeScope: { networkId: null, planType: null },
      } satisfies Order;
    },
  };
}

/** Recharge cards to print: a network's ₦100, ₦200, ₦500 or ₦1,000 card, 1 to 100 at a time. */
export const rechargePin = {
  kind: "recharge_pin" as const,
  request: rechargePinRequest,
  msorg: msorgKind({
    service: "rechargepin" as const,
    body: msorgRechargepinBody,
    order: async (deps, body): Promise<RechargePinOrder> => {
      // `network_amount` is our card's id (user/'s Rechargepin); its network must be the one named.
      const [card] = await deps.db
        .select()
        .from(rechargeCards)
        .where(and(eq(rechargeCards.id, body.network_amount), eq(rechargeCards.networkId, body.network)));
      if (!card) throw fieldRefusal("network_amount", "network_amount is not a card of that network.");
      return {
        network_id: body.network,
        denomination: card.denomination as RechargePinOrder["denomination"],
        quantity: body.quantity,
        name_on_card: body.name_on_card,
      };
    },
    recordFields: (row, asked, vouchers) => ({
      network: asked.network,
      network_amount: asked.network_amount,
      quantity: asked.quantity,
      name_on_card: asked.name_on_card,
      amount: nairaText(row.amount),
      // As the vendors answer: the cards' PINs and serials, comma-separated in the same order, and each
      // card's load code (only the record and the purchase's own answer carry them).
      pin: vouchers ? vouchers.map((v) => v.pin).join(",") : null,
      serial: vouchers ? vouchers.map((v) => v.serial ?? "").join(",") : null,
      load_pin: vouchers ? vouchers.map((v) => v.load_code ?? "").join(",") : null,
    }),
  }),
} satisfies PurchaseKindModule<RechargePinOrder>;
