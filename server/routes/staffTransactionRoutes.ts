import type { RouteTable } from "../../schemas/routes/routeTable";
import type { PurchaseKind } from "../../schemas/transactions";
import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement, type RouteInput } from "../http/route";
import { statistics as figures } from "../services/console/businessFigures";
import { searchCustomers } from "../services/people/customerSearch";
import {
  listStaffTransactions,
  staffTransactionDetail as loadDetail,
  refundPurchase,
  requeryPurchase,
} from "../services/transactions/staffTransactions";

export function staffTransactionRoutes(deps: AppDeps) {
  const byKind =
    (kind: PurchaseKind) =>
    async ({ query }: RouteInput<RouteTable["GET /staff/transaction/airtime"]>) => ({
      msg: "Transactions retrieved.",
      data: await listStaffTransactions(deps.db, { ...query, kind }),
    });

  return [
    implement("GET /staff/transaction/airtime", byKind("airtime")),
    implement("GET /staff/transaction/data", byKind("data")),
    implement("GET /staff/transaction/tv", byKind("tv")),
    implement("GET /staff/transaction/electricity", byKind("electricity")),
    implement("GET /staff/transaction/exam-pins", byKind("exam_pin")),
    implement("GET /staff/transaction/recharge-pins", byKind("recharge_pin")),
    implement("GET /sys.admin/transactions", async ({ query }) => {
      return { msg: "Transactions retrieved.", data: await listStaffTransactions(deps.db, query) };
    }),
    implement("GET /core/staff/transaction/:id", async ({ params }) => {
      return {
        msg: "Transaction retrieved.",
        data: await loadDetail(deps.db, deps.providers, deps.config.voucherKey, params.id),
      };
    }),
    implement("POST /core/staff/transaction/:id/refund", async ({ params, body, c }) => {
      await refundPurchase(deps, actorOf(c, deps.config.trustProxy), params.id, body.reason);
      return {
        msg: "The purchase was refunded to the customer's wallet.",
        data: await loadDetail(deps.db, deps.providers, deps.config.voucherKey, params.id),
      };
    }),
    implement("POST /core/staff/transaction/:id/requery", async ({ params, c }) => {
      await requeryPurchase(deps, actorOf(c, deps.config.trustProxy), params.id);
      return {
        msg: "The provider was asked again.",
        data: await loadDetail(deps.db, deps.providers, deps.config.voucherKey, params.id),
      };
    }),
    implement("GET /core/staff/statistics", async () => {
      return {
        msg: "Statistics retrieved.",
        data: await figures(deps.db, deps.clock, deps.providers.labelOf),
      };
    }),
    implement("GET /core/staff/customers", async ({ query }) => {
      return { msg: "Customers retrieved.", data: await searchCustomers(deps.db, query) };
    }),
  ];
}
