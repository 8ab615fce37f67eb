import { eq } from "drizzle-orm";
import { formatNaira } from "../../../../schemas/money";
import { msorgBillBody } from "../../../../schemas/msorgDialect";
import { electricityQuote } from "../../../../schemas/pricing";
import type { ElectricityOrder, MeterType, MeterVerifyResult } from "../../../../schemas/purchases";
import type { Queryable } from "../../../db/database";
import { discos } from "../../../db/schema";
import type { ProviderOrder } from "../../../outside/provider";
import { fieldRefusal, Refusal } from "../../../refusal";
import { msorgKind, nairaText } from "../../resellers/msorgKind";
import type { Order } from "../order";
import { checkingProvider } from "../routePurchase";
import { verifyMeterWith } from "../verifyRecipient";
import { lessCommission, offerOf, offersFor } from "./offerLookups";
import type { KindRequest, PurchaseKindModule, RecipientCheckDeps } from "./purchaseKind";

async function discoFor(db: Queryable, discoId: number) {
  const [disco] = await db.select().from(discos).where(eq(discos.id, discoId));
  if (!disco) throw fieldRefusal("disco_id", "Choose your electricity company.");
  if (!disco.enabled) throw new Refusal("product_unavailable", `${disco.name} is not available right now.`);
  return disco;
}

function electricityRequest(db: Queryable, body: ElectricityOrder): KindRequest {
  return {
    async price(_found, { level }) {
      const disco = await discoFor(db, body.disco_id);
      if (body.amount < disco.minAmount || body.amount > disco.maxAmount) {
        const msg = `The amount for ${disco.name} must be from ${formatNaira(disco.minAmount, true)} to ${formatNaira(disco.maxAmount, true)}.`;
        throw fieldRefusal("amount", msg);
      }
      return {
        kind: "electricity" as const,
        recipient: body.meter_number,
        quote: electricityQuote(body.amount, disco.serviceFee, level.electricity / 100),
        description: `${disco.name} ${meterLabel(body.meter_type)} electricity for meter ${body.meter_number}`,
        product: `${disco.name}, ${meterLabel(body.meter_type)}`,
        customerName: null,
        offers: (await offersFor(db, "electricity", disco.id)).map((offer) =>
          offerOf(offer, lessCommission(body.amount, offer.commissionBp), {
            service: "electricity",
            serviceId: offer.serviceId,
            meterNumber: body.meter_number,
            meterType: body.meter_type,
            amount: body.amount,
            phone: body.phone,
          }),
        ),
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

/** A meter checked before buying, with the provider the purchase would go to first. */
async function checkMeter(
  deps: RecipientCheckDeps,
  body: Pick<ElectricityOrder, "disco_id" | "meter_number" | "meter_type">,
): Promise<MeterVerifyResult> {
  const disco = await discoFor(deps.db, body.disco_id);
  const checker = await checkingProvider(deps, "electricity", [disco.id]);
  return verifyMeterWith(checker.provider, checker.serviceId, body.meter_number, body.meter_type);
}

/** Electricity: an amount for a prepaid or postpaid meter of a disco; the meter is checked with the provider first. */
export const electricity = {
  kind: "electricity" as const,
  request: electricityRequest,
  checkRecipient: checkMeter,
  msorg: msorgKind({
    service: "billpayment" as const,
    body: msorgBillBody,
    order: async (_deps, body, caller): Promise<ElectricityOrder> => ({
      disco_id: body.disco_name,
      meter_number: body.meter_number,
      meter_type: body.MeterType,
      amount: body.amount,
      phone: caller.user.phone,
    }),
    recordFields: (row, asked) => ({
      disco_name: asked.disco_name,
      meter_number: row.recipient,
      MeterType: asked.MeterType === "postpaid" ? 2 : asked.MeterType === "prepaid" ? 1 : undefined,
      amount: nairaText(row.amount),
      customer_name: row.customerName,
      token: row.token,
      units: row.units,
    }),
  }),
} satisfies PurchaseKindModule<ElectricityOrder, MeterVerifyResult>;
