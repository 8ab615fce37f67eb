import { z } from "zod";
import { airtimeControl, dataNetwork, dataPlan, disco, tvPlan, tvProvider } from "../../schemas/catalogue";
import { page } from "../../schemas/common";
import { type KycVerifyBody, kycStatus } from "../../schemas/kyc";
import { circular, notification } from "../../schemas/notices";
import {
  type AirtimePurchaseBody,
  type DataPurchaseBody,
  type ElectricityBuyBody,
  type ElectricityVerifyBody,
  meterVerifyResult,
  type TvBuyBody,
  type TvVerifyBody,
  tvVerifyResult,
} from "../../schemas/purchases";
import { publicStatus } from "../../schemas/status";
import { type TransactionListQuery, transaction } from "../../schemas/transactions";
import {
  dedicatedAccount,
  type FundBody,
  fundingCheck,
  fundResult,
  walletSummary,
} from "../../schemas/wallet";
import type { ApiClient, CallOptions } from "./client";

export const transactionPage = page(transaction);
export type TransactionPage = z.infer<typeof transactionPage>;

function queryString(query: Partial<TransactionListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

// The wizards show a purchase's outcome and refusals on their own screen; a toast as well would say
// everything twice. A 401 that ends the session is still announced by the client.
const purchase: CallOptions = { announceSuccess: false, quietFailure: true };

export function customerApi(client: ApiClient) {
  return {
    wallet: () => client.request("GET", "core/customer/wallet/", walletSummary),
    fund: (body: FundBody) =>
      client.request("POST", "core/customer/wallet/fund/", fundResult, body, { announceSuccess: false }),
    // Back from the gateway: the server asks the gateway about the payment and answers the funding.
    // The page says itself when it cannot tell.
    verifyFunding: (reference: string) =>
      client.request(
        "GET",
        `core/customer/wallet/fund/${encodeURIComponent(reference)}/`,
        fundingCheck,
        undefined,
        { quietFailure: true },
      ),
    // The customer's own account number for transfers; the panel shows its own failure.
    bankAccount: () =>
      client.request("GET", "core/customer/wallet/bank-account/", dedicatedAccount, undefined, {
        quietFailure: true,
      }),
    transactions: (query: Partial<TransactionListQuery> = {}) =>
      client.request("GET", `core/customer/transactions/${queryString(query)}`, transactionPage),
    // The receipt and the checkout's return page say themselves when a transaction cannot be read.
    transaction: (reference: string) =>
      client.request(
        "GET",
        `core/customer/transactions/${encodeURIComponent(reference)}/`,
        transaction,
        undefined,
        {
          quietFailure: true,
        },
      ),

    airtimeControls: () => client.request("GET", "core/customer/fetch/airtime/", z.array(airtimeControl)),
    dataNetworks: () => client.request("GET", "core/customer/fetch/data/", z.array(dataNetwork)),
    dataPlans: (networkId: number) =>
      client.request("GET", `core/customer/fetch/data/${networkId}`, z.array(dataPlan)),
    tvProviders: () => client.request("GET", "core/customer/fetch/tv/", z.array(tvProvider)),
    tvPlans: (providerId: number) =>
      client.request("GET", `core/customer/fetch/tv/${providerId}`, z.array(tvPlan)),
    discos: () => client.request("GET", "core/customer/fetch/electricity/", z.array(disco)),

    buyAirtime: (body: AirtimePurchaseBody) =>
      client.request("POST", "core/customer/airtime/", transaction, body, purchase),
    buyData: (body: DataPurchaseBody) =>
      client.request("POST", "core/customer/data-bundle/", transaction, body, purchase),
    verifySmartcard: (body: Omit<TvVerifyBody, "action">) =>
      client.request("POST", "core/customer/tv/", tvVerifyResult, { action: "verify", ...body }, purchase),
    buyTv: (body: Omit<TvBuyBody, "action">) =>
      client.request("POST", "core/customer/tv/", transaction, { action: "buy", ...body }, purchase),
    verifyMeter: (body: Omit<ElectricityVerifyBody, "action">) =>
      client.request(
        "POST",
        "core/customer/electricity/",
        meterVerifyResult,
        { action: "verify", ...body },
        purchase,
      ),
    buyElectricity: (body: Omit<ElectricityBuyBody, "action">) =>
      client.request("POST", "core/customer/electricity/", transaction, { action: "buy", ...body }, purchase),

    // The profile's verification section says itself when the tier cannot be read.
    kyc: () => client.request("GET", "core/customer/kyc/", kycStatus, undefined, { quietFailure: true }),
    // The server's msg ("Your BVN matched your name…") is toasted on success; a refusal is shown in the
    // verification modal beside the number, so a toast as well would say it twice.
    verifyIdentity: (body: KycVerifyBody) =>
      client.request("POST", "core/customer/kyc/verify/", kycStatus, body, { quietFailure: true }),

    notifications: () => client.request("GET", "core/customer/notifications/", page(notification)),
    // Decorations of the dashboard: when they cannot load, the page simply goes without them.
    circulars: () =>
      client.request("GET", "core/customer/circulars/", z.array(circular), undefined, { quietFailure: true }),
    status: () => client.request("GET", "status/", publicStatus, undefined, { quietFailure: true }),
  };
}

export type CustomerApi = ReturnType<typeof customerApi>;
