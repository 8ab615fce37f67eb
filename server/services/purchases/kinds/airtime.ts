import { sql } from "drizzle-orm";
import { formatNaira } from "../../../../schemas/money";
import { msorgTopupBody } from "../../../../schemas/msorgDialect";
import { airtimeQuote } from "../../../../schemas/pricing";
import type { AirtimeOrder } from "../../../../schemas/purchases";
import type { Queryable } from "../../../db/database";
import { rowFromJson } from "../../../db/jsonRows";
import { networks } from "../../../db/schema";
import { fieldRefusal, Refusal } from "../../../refusal";
import { airtimeDiscountAtLevel } from "../../levels/priceLevels";
import { msorgKind, nairaText } from "../../resellers/msorgKind";
import type { Order } from "../order";
import { lessCommission, offerOf, offerRows, offersOf } from "./offerLookups";
import type { KindRequest, PurchaseKindModule } from "./purchaseKind";

function airtimeRequest(_db: Queryable, body: AirtimeOrder): KindRequest {
  return {
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
        kind: "airtime" as const,
        recipient: body.phone,
        quote,
        description: `${network.name} airtime for ${body.phone}`,
        product: `${network.name} ${formatNaira(body.amount, true)} airtime`,
        customerName: null,
        offers: offerRows(found).map((offer) =>
          offerOf(offer, lessCommission(body.amount, offer.commissionBp), {
            service: "airtime",
            serviceId: offer.serviceId,
            phone: body.phone,
            amount: body.amount,
          }),
        ),
        routeScope: { networkId: network.id, planType: null },
      } satisfies Order;
    },
  };
}

/** Airtime: a network and an amount for a phone; priced by the network's and the level's discounts. */
export const airtime = {
  kind: "airtime" as const,
  request: airtimeRequest,
  msorg: msorgKind({
    service: "topup" as const,
    body: msorgTopupBody,
    order: async (_deps, body): Promise<AirtimeOrder> => ({
      network_id: body.network,
      phone: body.mobile_number,
      amount: body.amount,
    }),
    recordFields: (row, asked) => ({
      network: asked.network,
      airtime_type: "VTU",
      mobile_number: row.recipient,
      amount: nairaText(row.amount),
    }),
  }),
} satisfies PurchaseKindModule<AirtimeOrder>;
