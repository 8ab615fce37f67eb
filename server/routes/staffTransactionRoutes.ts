import { z } from "zod";
import { noBody } from "../../schemas/auth";
import { page } from "../../schemas/common";
import {
  allTransactionsQuery,
  customerHit,
  customerSearchQuery,
  refundBody,
  staffTransaction,
  staffTransactionDetail,
  staffTransactionPage,
  staffTransactionQuery,
  statistics,
  transactionAction,
} from "../../schemas/staff";
import { type PurchaseKind, purchaseKinds } from "../../schemas/transactions";
import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { defineRoute } from "../http/route";
import { parseInput, parseJsonText } from "../http/validate";
import { statistics as figures } from "../services/businessFigures";
import { searchCustomers } from "../services/customerSearch";
import {
  listStaffTransactions,
  staffTransactionDetail as loadDetail,
  refundPurchase,
  requeryPurchase,
} from "../services/transactions/staffTransactions";

export function staffTransactionRoutes(deps: AppDeps) {
  const byKind = (kind: PurchaseKind) =>
    defineRoute({
      method: "get",
      path: `/staff/transaction/${kind}`,
      tag: "Staff: transactions",
      summary: `Every customer's ${kind} purchases, paged, with totals for the filtered set`,
      query: staffTransactionQuery,
      result: staffTransactionPage,
      async handle({ query }) {
        return {
          msg: "Transactions retrieved.",
          data: await listStaffTransactions(deps.db, { ...query, kind }),
        };
      },
    });

  return [
    ...purchaseKinds.map(byKind),
    defineRoute({
      method: "get",
      path: "/sys.admin/transactions",
      tag: "Admin",
      summary: "Every transaction of every kind, paged and filtered",
      query: allTransactionsQuery,
      result: staffTransactionPage,
      async handle({ query }) {
        return { msg: "Transactions retrieved.", data: await listStaffTransactions(deps.db, query) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/transaction/:id",
      tag: "Staff: transactions",
      summary: "One transaction with its customer and every status it passed through",
      params: z.strictObject({ id: z.uuid() }),
      result: staffTransactionDetail,
      async handle({ params }) {
        return { msg: "Transaction retrieved.", data: await loadDetail(deps.db, params.id) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/core/staff/transaction/:id/:action",
      tag: "Staff: transactions",
      summary: "`refund` a delivered purchase (body `{ reason }`, exactly once) or `requery` a pending one",
      params: transactionAction,
      body: refundBody.or(noBody),
      rawBody: true,
      result: staffTransaction,
      async handle({ params, raw, c }) {
        const actor = actorOf(c, deps.config.trustProxy);
        // One path, two bodies: the action says which schema applies, so each refusal reads plainly.
        const body = parseJsonText(raw);
        if (params.action === "refund") {
          const { reason } = parseInput(refundBody, body);
          await refundPurchase(deps, actor, params.id, reason);
          return {
            msg: "The purchase was refunded to the customer's wallet.",
            data: await loadDetail(deps.db, params.id),
          };
        }
        parseInput(noBody, body);
        await requeryPurchase(deps, actor, params.id);
        return { msg: "The provider was asked again.", data: await loadDetail(deps.db, params.id) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/statistics",
      tag: "Staff: transactions",
      summary: "Counts and totals for today (Lagos) and all time, per service; how many are pending",
      result: statistics,
      async handle() {
        return { msg: "Statistics retrieved.", data: await figures(deps.db, deps.clock) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/customers",
      tag: "Staff: transactions",
      summary: "Customers found by name, email, phone or wallet number",
      query: customerSearchQuery,
      result: page(customerHit),
      async handle({ query }) {
        return { msg: "Customers retrieved.", data: await searchCustomers(deps.db, query) };
      },
    }),
  ];
}
