import type { Context } from "hono";
import type { RouteTable } from "../../schemas/routes/routeTable";
import type { PurchaseKind } from "../../schemas/transactions";
import type { AppDeps, AppEnv } from "../deps";
import { implement, type RouteInput } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { checkMeter, checkSmartcard } from "../services/purchases/checkRecipient";
import type { Confirmation } from "../services/purchases/placePurchase";
import { type PurchaseRequest, placePurchase } from "../services/purchases/placePurchase";
import {
  airtimeRequest,
  dataRequest,
  electricityRequest,
  tvRequest,
} from "../services/purchases/productOrders";
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

  const history =
    (kind: PurchaseKind) =>
    async ({ query, c }: RouteInput<RouteTable["GET /core/customer/airtime"]>) => {
      const data = await listTransactions(deps.db, { ...query, kind, userId: sessionOf(c).user.id });
      return { msg: "History retrieved.", data };
    };

  return [
    implement("POST /core/customer/airtime", async ({ body, c }) => {
      return buy(c, body, airtimeRequest(body));
    }),
    implement("GET /core/customer/airtime", history("airtime")),
    implement("POST /core/customer/data-bundle", async ({ body, c }) => {
      return buy(c, body, dataRequest(body));
    }),
    implement("GET /core/customer/data-bundle", history("data")),
    implement("POST /core/customer/tv", async ({ body, c }) => {
      if (body.action === "verify") {
        const data = await checkSmartcard(deps, body.provider_id, body.smartcard);
        return { msg: "Smartcard verified.", data };
      }
      return buy(c, body, tvRequest(deps.db, body));
    }),
    implement("GET /core/customer/tv", history("tv")),
    implement("POST /core/customer/electricity", async ({ body, c }) => {
      if (body.action === "verify") {
        const data = await checkMeter(deps, body.disco_id, body.meter_number, body.meter_type);
        return { msg: "Meter verified.", data };
      }
      return buy(c, body, electricityRequest(deps.db, body));
    }),
    implement("GET /core/customer/electricity", history("electricity")),
  ];
}
