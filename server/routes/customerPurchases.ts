import type { Context } from "hono";
import type { RouteTable } from "../../schemas/routes/routeTable";
import type { PurchaseKind } from "../../schemas/transactions";
import type { AppDeps, AppEnv } from "../deps";
import type { RouteInput } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { type PurchaseOrders, purchaseRequest } from "../services/purchases/kinds/purchaseKinds";
import { type Confirmation, placePurchase } from "../services/purchases/placePurchase";
import { viewWithPins } from "../services/purchases/vouchers";
import { listTransactions, type TransactionRow } from "../services/transactions/transactionRecords";

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

/** A customer's purchase of a kind and its history, as every kind's routes answer them. */
export function customerPurchases(deps: AppDeps) {
  const buy = async <K extends PurchaseKind>(
    c: Context<AppEnv>,
    kind: K,
    body: Confirmation & PurchaseOrders[K],
  ) => {
    const row = await placePurchase(deps, sessionOf(c).user, body, purchaseRequest(deps.db, kind, body));
    return { msg: purchaseMessage(row), data: viewWithPins(deps.config.voucherKey, row) };
  };

  const history =
    (kind: PurchaseKind) =>
    async ({ query, c }: RouteInput<RouteTable["GET /core/customer/airtime"]>) => {
      const data = await listTransactions(deps.db, { ...query, kind, userId: sessionOf(c).user.id });
      return { msg: "History retrieved.", data };
    };

  return { buy, history };
}
