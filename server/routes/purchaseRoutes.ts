import type { Context } from "hono";
import { page } from "../../schemas/common";
import {
  airtimePurchaseBody,
  dataPurchaseBody,
  electricityBody,
  meterVerifyResult,
  tvBody,
  tvVerifyResult,
} from "../../schemas/purchases";
import { type PurchaseKind, transaction, transactionListQuery } from "../../schemas/transactions";
import type { AppDeps, AppEnv } from "../deps";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import type { Confirmation } from "../services/purchases/placePurchase";
import { type PurchaseRequest, placePurchase } from "../services/purchases/placePurchase";
import {
  airtimeRequest,
  dataRequest,
  discoFor,
  electricityRequest,
  tvProviderFor,
  tvRequest,
} from "../services/purchases/productOrders";
import { verifyMeterWith, verifySmartcardWith } from "../services/purchases/verifyRecipient";
import {
  listTransactions,
  type TransactionRow,
  transactionView,
} from "../services/transactions/transactionRecords";

/** What a purchase's answer says, from its status; a replayed request says the same of the same purchase. */
export function purchaseMessage(row: TransactionRow): string {
  switch (row.status) {
    case "successful":
      return "Purchase successful.";
    case "pending":
      return "We are waiting for the provider to confirm. Your money is held and comes back if the purchase fails.";
    case "failed":
      return `The purchase failed: ${row.failureReason ?? "the provider declined it."} Your money is back in your wallet.`;
    case "refunded":
      return "This purchase was refunded to your wallet.";
    case "reversed":
      return "The provider reversed this purchase. Your money is back in your wallet.";
  }
}

export function purchaseRoutes(deps: AppDeps) {
  const buy = async (c: Context<AppEnv>, confirmation: Confirmation, request: PurchaseRequest) => {
    const row = await placePurchase(deps, sessionOf(c).user, confirmation, request);
    return { msg: purchaseMessage(row), data: transactionView(row) };
  };

  const history = (kind: PurchaseKind, path: string, label: string) =>
    defineRoute({
      method: "get",
      path,
      tag: "Purchases",
      summary: `The customer's ${label} purchases, newest first`,
      query: transactionListQuery.omit({ kind: true }),
      result: page(transaction),
      async handle({ query, c }) {
        const data = await listTransactions(deps.db, { ...query, kind, userId: sessionOf(c).user.id });
        return { msg: "History retrieved.", data };
      },
    });

  return [
    defineRoute({
      method: "post",
      path: "/core/customer/airtime",
      tag: "Purchases",
      summary: "Buy airtime",
      body: airtimePurchaseBody,
      result: transaction,
      async handle({ body, c }) {
        return buy(c, body, airtimeRequest(deps.db, body));
      },
    }),
    history("airtime", "/core/customer/airtime", "airtime"),
    defineRoute({
      method: "post",
      path: "/core/customer/data-bundle",
      tag: "Purchases",
      summary: "Buy a data plan",
      body: dataPurchaseBody,
      result: transaction,
      async handle({ body, c }) {
        return buy(c, body, dataRequest(deps.db, body));
      },
    }),
    history("data", "/core/customer/data-bundle", "data"),
    defineRoute({
      method: "post",
      path: "/core/customer/tv",
      tag: "Purchases",
      summary: "`action: verify` checks a smartcard; `action: buy` pays for a bouquet",
      body: tvBody,
      result: transaction.or(tvVerifyResult),
      async handle({ body, c }) {
        if (body.action === "verify") {
          const provider = await tvProviderFor(deps.db, body.provider_id);
          const data = await verifySmartcardWith(deps.provider, provider.serviceId, body.smartcard);
          return { msg: "Smartcard verified.", data };
        }
        return buy(c, body, tvRequest(deps.db, deps.provider, body));
      },
    }),
    history("tv", "/core/customer/tv", "cable TV"),
    defineRoute({
      method: "post",
      path: "/core/customer/electricity",
      tag: "Purchases",
      summary:
        "`action: verify` checks a meter; `action: buy` pays for electricity (prepaid answers a token)",
      body: electricityBody,
      result: transaction.or(meterVerifyResult),
      async handle({ body, c }) {
        if (body.action === "verify") {
          const disco = await discoFor(deps.db, body.disco_id);
          const data = await verifyMeterWith(
            deps.provider,
            disco.serviceId,
            body.meter_number,
            body.meter_type,
          );
          return { msg: "Meter verified.", data };
        }
        return buy(c, body, electricityRequest(deps.db, deps.provider, body));
      },
    }),
    history("electricity", "/core/customer/electricity", "electricity"),
  ];
}
