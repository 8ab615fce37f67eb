import { z } from "zod/mini";
import { noBody } from "../auth";
import { page } from "../common";
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
  transactionId,
} from "../staff";
import { contracts } from "./contract";

const byKind = (kind: string) => ({
  tag: "Staff: transactions",
  summary: `Every customer's ${kind} purchases, paged, with totals for the filtered set`,
  query: staffTransactionQuery,
  result: staffTransactionPage,
});

export const staffTransactionContracts = contracts({
  "GET /staff/transaction/airtime": byKind("airtime"),
  "GET /staff/transaction/data": byKind("data"),
  "GET /staff/transaction/tv": byKind("tv"),
  "GET /staff/transaction/electricity": byKind("electricity"),
  "GET /staff/transaction/exam-pins": byKind("exam PIN"),
  "GET /staff/transaction/recharge-pins": byKind("recharge card"),
  "GET /sys.admin/transactions": {
    tag: "Admin",
    summary: "Every transaction of every kind, paged and filtered",
    query: allTransactionsQuery,
    result: staffTransactionPage,
  },
  "GET /core/staff/transaction/:id": {
    tag: "Staff: transactions",
    summary: "One transaction with its customer and every status it passed through",
    params: z.strictObject({ id: z.uuid() }),
    result: staffTransactionDetail,
  },
  "POST /core/staff/transaction/:id/refund": {
    tag: "Staff: transactions",
    summary: "Refund a delivered purchase to the customer's wallet, exactly once",
    params: transactionId,
    body: refundBody,
    result: staffTransaction,
  },
  "POST /core/staff/transaction/:id/requery": {
    tag: "Staff: transactions",
    summary: "Ask the provider again about a pending or delivered purchase, and settle it by the answer",
    params: transactionId,
    body: noBody,
    result: staffTransaction,
  },
  "GET /core/staff/statistics": {
    tag: "Staff: transactions",
    summary: "Counts and totals for today (Lagos) and all time, per service; how many are pending",
    result: statistics,
  },
  "GET /core/staff/customers": {
    tag: "Staff: transactions",
    summary: "Customers found by name, email, phone or wallet number",
    query: customerSearchQuery,
    result: page(customerHit),
  },
});
