import type { Context } from "hono";
import type { RouteTable } from "../../schemas/routes/routeTable";
import type { PurchaseKind } from "../../schemas/transactions";
import type { AppDeps, AppEnv } from "../deps";
import { implement, type RouteInput } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { electricity } from "../services/purchases/kinds/electricity";
import { examPin } from "../services/purchases/kinds/examPin";
import { type PurchaseOrders, purchaseRequest } from "../services/purchases/kinds/purchaseKinds";
import { tv } from "../services/purchases/kinds/tv";
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

export function purchaseRoutes(deps: AppDeps) {
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

  return [
    implement("POST /core/customer/airtime", ({ body, c }) => buy(c, "airtime", body)),
    implement("GET /core/customer/airtime", history("airtime")),
    implement("POST /core/customer/data-bundle", ({ body, c }) => buy(c, "data", body)),
    implement("GET /core/customer/data-bundle", history("data")),
    implement("POST /core/customer/tv", async ({ body, c }) => {
      if (body.action === "verify") {
        return { msg: "Smartcard verified.", data: await tv.checkRecipient(deps, body) };
      }
      return buy(c, "tv", body);
    }),
    implement("GET /core/customer/tv", history("tv")),
    implement("POST /core/customer/electricity", async ({ body, c }) => {
      if (body.action === "verify") {
        return { msg: "Meter verified.", data: await electricity.checkRecipient(deps, body) };
      }
      return buy(c, "electricity", body);
    }),
    implement("GET /core/customer/electricity", history("electricity")),
    implement("POST /core/customer/exam-pins/verify", async ({ body }) => {
      return { msg: "Profile ID verified.", data: await examPin.checkRecipient(deps, body) };
    }),
    implement("POST /core/customer/exam-pins", ({ body, c }) => buy(c, "exam_pin", body)),
    implement("GET /core/customer/exam-pins", history("exam_pin")),
  ];
}
