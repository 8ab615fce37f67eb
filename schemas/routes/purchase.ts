import { z } from "zod/mini";
import { page } from "../common";
import {
  airtimePurchaseBody,
  dataPurchaseBody,
  electricityBody,
  meterVerifyResult,
  tvBody,
  tvVerifyResult,
} from "../purchases";
import { transaction, transactionListQuery } from "../transactions";
import { contracts } from "./contract";

/** A kind's purchases, as its history page lists them. */
export const history = (label: string) => ({
  tag: "Purchases",
  summary: `The customer's ${label} purchases, newest first`,
  query: z.omit(transactionListQuery, { kind: true }),
  result: page(transaction),
});

export const purchaseContracts = contracts({
  "GET /core/customer/airtime": history("airtime"),
  "GET /core/customer/data-bundle": history("data"),
  "GET /core/customer/tv": history("cable TV"),
  "GET /core/customer/electricity": history("electricity"),
  "POST /core/customer/airtime": {
    tag: "Purchases",
    summary: "Buy airtime",
    body: airtimePurchaseBody,
    result: transaction,
  },
  "POST /core/customer/data-bundle": {
    tag: "Purchases",
    summary: "Buy a data plan",
    body: dataPurchaseBody,
    result: transaction,
  },
  "POST /core/customer/tv": {
    tag: "Purchases",
    summary: "`action: verify` checks a smartcard; `action: buy` pays for a bouquet",
    body: tvBody,
    result: z.union([transaction, tvVerifyResult]),
  },
  "POST /core/customer/electricity": {
    tag: "Purchases",
    summary: "`action: verify` checks a meter; `action: buy` pays for electricity (prepaid answers a token)",
    body: electricityBody,
    result: z.union([transaction, meterVerifyResult]),
  },
});
