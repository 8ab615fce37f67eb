import { fromPromise } from "xstate";
import type { DuplicatePurchase, Product, PurchaseInput, Verified } from "../../machines/purchaseMachine";
import type {
  AirtimeControl,
  DataNetwork,
  DataPlan,
  Disco,
  TvPlan,
  TvProvider,
} from "../../schemas/catalogue";
import type { MeterType } from "../../schemas/purchases";
import type { Transaction } from "../../schemas/transactions";
import { ApiFailure } from "../api/client";
import type { CustomerApi } from "../api/customerApi";
import { formatDate } from "../format/formatDate";

export interface AirtimeCatalogue {
  controls: AirtimeControl[];
}
export interface DataCatalogue {
  networks: DataNetwork[];
  plans: DataPlan[];
}
export interface TvCatalogue {
  providers: TvProvider[];
  plans: TvPlan[];
}
export interface ElectricityCatalogue {
  discos: Disco[];
}

/** The API calls behind each wizard: what it offers, how it checks a recipient, how it buys. */
const calls = {
  airtime: {
    load: async (api: CustomerApi): Promise<AirtimeCatalogue> => ({ controls: await api.airtimeControls() }),
    buy: (api: CustomerApi, p: PurchaseInput) =>
      api.buyAirtime({
        ...(p.order as { network_id: number; phone: string; amount: number }),
        ...confirmation(p),
      }),
  },
  data: {
    load: async (api: CustomerApi): Promise<DataCatalogue> => {
      const networks = await api.dataNetworks();
      const lists = await Promise.all(networks.filter((n) => n.enabled).map((n) => api.dataPlans(n.id)));
      return { networks, plans: lists.flat() };
    },
    buy: (api: CustomerApi, p: PurchaseInput) =>
      api.buyData({ ...(p.order as { plan_id: number; phone: string }), ...confirmation(p) }),
  },
  tv: {
    load: async (api: CustomerApi): Promise<TvCatalogue> => {
      const providers = await api.tvProviders();
      const lists = await Promise.all(providers.filter((p) => p.enabled).map((p) => api.tvPlans(p.id)));
      return { providers, plans: lists.flat() };
    },
    verify: async (api: CustomerApi, order: Record<string, unknown>): Promise<Verified> => {
      const found = await api.verifySmartcard({
        provider_id: order.provider_id as number,
        smartcard: order.smartcard as string,
      });
      const details: Array<[string, string]> = [];
      if (found.current_plan) details.push(["Current bouquet", found.current_plan]);
      if (found.due_date) details.push(["Due date", formatDate(found.due_date)]);
      return { customer_name: found.customer_name, details };
    },
    buy: (api: CustomerApi, p: PurchaseInput) =>
      api.buyTv({
        ...(p.order as { provider_id: number; plan_id: number; smartcard: string; phone: string }),
        ...confirmation(p),
      }),
  },
  electricity: {
    load: async (api: CustomerApi): Promise<ElectricityCatalogue> => ({ discos: await api.discos() }),
    verify: async (api: CustomerApi, order: Record<string, unknown>): Promise<Verified> => {
      const found = await api.verifyMeter({
        disco_id: order.disco_id as number,
        meter_number: order.meter_number as string,
        meter_type: order.meter_type as MeterType,
      });
      return { customer_name: found.customer_name, details: [["Address", found.address]] };
    },
    buy: (api: CustomerApi, p: PurchaseInput) =>
      api.buyElectricity({
        ...(p.order as {
          disco_id: number;
          meter_number: string;
          meter_type: MeterType;
          amount: number;
          phone: string;
        }),
        ...confirmation(p),
      }),
  },
} as const;

function confirmation(p: PurchaseInput) {
  return { pin: p.pin, request_id: p.requestId, ...(p.allowDuplicate && { allow_duplicate: true }) };
}

/** A 409 naming the earlier purchase becomes the machine's duplicate warning; anything else stays an error. */
function duplicateOrError(error: unknown): unknown {
  if (error instanceof ApiFailure && error.status === 409) {
    const earlier = (error.data as { duplicate_of?: unknown } | null)?.duplicate_of;
    if (typeof earlier === "string")
      return { duplicateOf: earlier, message: error.msg } satisfies DuplicatePurchase;
  }
  return error;
}

/** The purchase machine's actors for one product, for `purchaseMachine.provide`. */
export function purchaseActors(api: CustomerApi, product: Product) {
  const call = calls[product];
  return {
    loadCatalogue: fromPromise<unknown>(() => call.load(api)),
    verifyRecipient: fromPromise<Verified, Record<string, unknown>>(({ input }) => {
      if (!("verify" in call)) return Promise.reject(new Error(`${product} has nothing to verify`));
      return call.verify(api, input);
    }),
    submitPurchase: fromPromise<Transaction, PurchaseInput>(async ({ input }) => {
      try {
        return await call.buy(api, input);
      } catch (error) {
        throw duplicateOrError(error);
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
};
