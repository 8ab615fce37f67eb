import { fromPromise } from "xstate";
import type { Product, PurchaseInput, SalesPaused, Verified } from "../../machines/purchaseMachine";
import type { CatalogueOf, PurchaseCatalogue } from "../../schemas/catalogue";
import type { PurchaseOrder } from "../../schemas/purchases";
import type { Transaction } from "../../schemas/transactions";
import type { CustomerApi } from "../api/customerApi";
import { catalogueMirror } from "../storage/catalogueMirror";

// Checking a recipient and buying come after the choose step: their code is fetched while the
// customer fills it in, not before the wizard's first draw.
const requests = () => import("./purchaseRequests");

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
  recharge_pin: async (api) => ({ kind: "recharge_pin", cards: await api.rechargeCards() }),
};

/** The purchase machine's actors for one product's wizard, for `purchaseMachine.provide`. */
export function purchaseActors(api: CustomerApi, product: Product) {
  return {
    // Asked beside the catalogue, so a wizard opened in emergency mode offers no form to fill in vain.
    loadCatalogue: fromPromise<PurchaseCatalogue, void>(async () => {
      const [status, catalogue] = await Promise.all([api.status(), loaders[product](api)]);
      if (status.emergency.enabled) throw { salesPaused: status.emergency.message } satisfies SalesPaused;
      // Kept for the next visit's first paint (spec section 3), which today's answer then confirms.
      catalogueMirror.write(catalogue);
      void requests().catch(() => {});
      return catalogue;
    }),
    verifyRecipient: fromPromise<Verified, PurchaseOrder>(async ({ input }) =>
      (await requests()).verify(api, input),
    ),
    submitPurchase: fromPromise<Transaction, PurchaseInput>(async ({ input }) =>
      (await requests()).submit(api, input),
    ),
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
  recharge_pin: false,
};
