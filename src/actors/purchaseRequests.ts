import type { DuplicatePurchase, PurchaseInput, SalesPaused, Verified } from "../../machines/purchaseMachine";
import { type PurchaseOrder, possibleDuplicate } from "../../schemas/purchases";
import type { Transaction } from "../../schemas/transactions";
import { ApiFailure } from "../api/client";
import type { CustomerApi } from "../api/customerApi";
import { formatDate } from "../format/formatDate";
import { formatNaira } from "../format/money";

/**
 * What the wizard sends after its choose step: the recipient's check and the purchase. Fetched apart
 * from the wizard's first draw (purchaseActors), which needs only the catalogue.
 */

/** The provider's answer about a smartcard, meter or JAMB candidate, as the verified step shows it. */
export async function verify(api: CustomerApi, purchase: PurchaseOrder): Promise<Verified> {
  switch (purchase.kind) {
    case "tv": {
      const found = await api.verifySmartcard({
        provider_id: purchase.order.provider_id,
        smartcard: purchase.order.smartcard,
      });
      const details: Array<[string, string]> = [];
      if (found.current_plan) {
        const price = found.current_plan_price;
        details.push([
          "Current bouquet",
          price ? `${found.current_plan}, ${formatNaira(price, true)}` : found.current_plan,
        ]);
      }
      if (found.due_date) details.push(["Due date", formatDate(found.due_date)]);
      return { customer_name: found.customer_name, details };
    }
    case "electricity": {
      const found = await api.verifyMeter({
        disco_id: purchase.order.disco_id,
        meter_number: purchase.order.meter_number,
        meter_type: purchase.order.meter_type,
      });
      return { customer_name: found.customer_name, details: [["Address", found.address]] };
    }
    case "exam_pin": {
      const profileId = purchase.order.profile_id;
      if (!profileId) break;
      const found = await api.verifyExamCandidate({ product: purchase.order.product, profile_id: profileId });
      return { customer_name: found.customer_name, details: [["JAMB profile ID", profileId]] };
    }
  }
  throw new Error(`${purchase.kind} has nothing to verify`);
}

/** Buys the order with this confirm step's PIN, request id and duplicate override. */
function buy(api: CustomerApi, request: PurchaseInput): Promise<Transaction> {
  const confirmation = {
    pin: request.pin,
    request_id: request.requestId,
    ...(request.allowDuplicate && { allow_duplicate: true }),
  };
  switch (request.kind) {
    case "airtime":
      return api.buyAirtime({ ...request.order, ...confirmation });
    case "data":
      return api.buyData({ ...request.order, ...confirmation });
    case "tv":
      return api.buyTv({ ...request.order, ...confirmation });
    case "electricity":
      return api.buyElectricity({ ...request.order, ...confirmation });
    case "exam_pin":
      return api.buyExamPins({ ...request.order, ...confirmation });
    case "recharge_pin":
      return api.buyRechargePins({ ...request.order, ...confirmation });
  }
}

/** Buys the order; a refusal comes back as the machine reads it (pauseDuplicateOrError). */
export async function submit(api: CustomerApi, request: PurchaseInput): Promise<Transaction> {
  try {
    return await buy(api, request);
  } catch (error) {
    throw pauseDuplicateOrError(error);
  }
}

/**
 * Emergency mode's refusal becomes the machine's pause and a `possible_duplicate` refusal its duplicate
 * warning; anything else stays an error.
 */
function pauseDuplicateOrError(error: unknown): unknown {
  if (!(error instanceof ApiFailure)) return error;
  if (error.code === "sales_paused") return { salesPaused: error.msg } satisfies SalesPaused;
  if (error.code !== "possible_duplicate") return error;
  const earlier = possibleDuplicate.safeParse(error.data);
  if (!earlier.success) return error;
  return { duplicateOf: earlier.data.duplicate_of, message: error.msg } satisfies DuplicatePurchase;
}
