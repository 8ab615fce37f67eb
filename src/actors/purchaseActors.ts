import { fromPromise } from "xstate";
import type {
  DuplicatePurchase,
  Product,
  PurchaseInput,
  SalesPaused,
  Verified,
} from "../../machines/purchaseMachine";
import type { CatalogueOf, PurchaseCatalogue } from "../../schemas/catalogue";
import { type PurchaseOrder, possibleDuplicate } from "../../schemas/purchases";
import type { Transaction } from "../../schemas/transactions";
import { ApiFailure } from "../api/client";
import type { CustomerApi } from "../api/customerApi";
import { formatDate } from "../format/formatDate";
import { formatNaira } from "../format/money";
import { catalogueMirror } from "../storage/catalogueMirror";

/** What each wizard offers, by the customer API's catalogue calls. */
const loaders: { [K in Product]: (api: CustomerApi) => Promise<CatalogueOf<K>> } = {
  airtime: async (api) => ({ kind: "airtime", controls: await api.airtimeControls() }),
  data: async (api) => {
    const networks = await api.dataNetworks();
    const lists = await Promise.all(networks.filter((n) => n.enabled).map((n) => api.dataPlans(n.id)));
    return { kind: "data", networks, plans: lists.flat() };
  },
  tv: async (api) => {
    const providers = await api.tvProviders();
    const lists = await Promise.all(providers.filter((p) => p.enabled).map((p) => api.tvPlans(p.id)));
    return { kind: "tv", providers, plans: lists.flat() };
  },
  electricity: async (api) => ({ kind: "electricity", discos: await api.discos() }),
  exam_pin: async (api) => ({ kind: "exam_pin", products: await api.examPins() }),
};

/** The provider's answer about a smartcard, meter or JAMB candidate, as the verified step shows it. */
async function verify(api: CustomerApi, purchase: PurchaseOrder): Promise<Verified> {
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

/** The purchase machine's actors for one product's wizard, for `purchaseMachine.provide`. */
export function purchaseActors(api: CustomerApi, product: Product) {
  return {
    // Asked beside the catalogue, so a wizard opened in emergency mode offers no form to fill in vain.
    loadCatalogue: fromPromise<PurchaseCatalogue, void>(async () => {
      const [status, catalogue] = await Promise.all([api.status(), loaders[product](api)]);
      if (status.emergency.enabled) throw { salesPaused: status.emergency.message } satisfies SalesPaused;
      // Kept for the next visit's first paint (spec section 3), which today's answer then confirms.
      catalogueMirror.write(catalogue);
      return catalogue;
    }),
    verifyRecipient: fromPromise<Verified, PurchaseOrder>(({ input }) => verify(api, input)),
    submitPurchase: fromPromise<Transaction, PurchaseInput>(async ({ input }) => {
      try {
        return await buy(api, input);
      } catch (error) {
        throw pauseDuplicateOrError(error);
      }
    }),
    fetchTransaction: fromPromise<Transaction, string>(({ input }) => api.transaction(input)),
  };
}

export const productsThatVerify: Record<Product, boolean> = {
  airtime: false,
  data: false,
  tv: true,
  electricity: true,
  // JAMB's PINs only: a result checker's choice has no profile ID to check (choiceIsChecked).
  exam_pin: true,
};
