import { z } from "zod/mini";
import { integer, kobo, pageQuery, timestamp } from "./common";

/** `level_upgrade`: a price level's fee, paid from the wallet (server/services/levels/levelUpgrades.ts). */
export const transactionKinds = [
  "funding",
  "airtime",
  "data",
  "tv",
  "electricity",
  "exam_pin",
  "recharge_pin",
  "refund",
  "bonus",
  "level_upgrade",
] as const;
export const transactionKind = z.enum(transactionKinds);
export type TransactionKind = z.infer<typeof transactionKind>;
export const purchaseKinds = ["airtime", "data", "tv", "electricity", "exam_pin", "recharge_pin"] as const;
export type PurchaseKind = (typeof purchaseKinds)[number];

/**
 * pending: the provider's (or gateway's) answer is not known yet and the money is held, never
 * refunded on a timeout. failed: the provider said so for certain, and the money went back in the
 * same database transaction. refunded: staff refunded a settled purchase. reversed: the provider
 * undid a purchase (before or after delivering it) and its money went back to the wallet.
 */
export const transactionStatus = z.enum(["pending", "successful", "failed", "refunded", "reversed"]);
export type TransactionStatus = z.infer<typeof transactionStatus>;

/**
 * A PIN a purchase delivered: an exam's result-checker or registration PIN, a recharge card. `serial`
 * is the card's serial number where it has one. `load_code` is what a recharge card's user dials to
 * load it (e.g. `*311*<PIN>#` on MTN); exam PINs have none.
 */
export const voucher = z.object({
  pin: z.string(),
  serial: z.nullable(z.string()),
  load_code: z
    .optional(z.string())
    .check(z.meta({ description: "A recharge card's: what to dial to load it" })),
});
export type Voucher = z.infer<typeof voucher>;

/** What a recharge-card purchase prints on each of its cards besides the card's own PIN and serial. */
export const printedCards = z.object({
  network: z.string().check(z.meta({ description: "The network's name, e.g. MTN" })),
  denomination: kobo.check(z.meta({ description: "Each card's value, in kobo" })),
  name_on_card: z.string().check(z.meta({ description: "The business name printed on each card" })),
});
export type PrintedCards = z.infer<typeof printedCards>;

/** A movement of money as its customer sees it. `total` is what left (or reached) the wallet. */
export const transaction = z.object({
  id: z.uuid(),
  reference: z.string(),
  kind: transactionKind,
  status: transactionStatus,
  amount: kobo,
  fee: kobo,
  discount: kobo,
  total: kobo,
  description: z.string(),
  recipient: z.nullable(z.string()).check(z.meta({ description: "Phone, smartcard or meter number" })),
  product: z
    .nullable(z.string())
    .check(z.meta({ description: "Network and plan, bouquet, or disco and meter type" })),
  provider_reference: z.nullable(z.string()),
  token: z.nullable(z.string()).check(z.meta({ description: "Prepaid electricity token, 20 digits" })),
  units: z
    .nullable(z.string())
    .check(z.meta({ description: "Prepaid electricity: what the token buys, e.g. 79.9 kWh" })),
  // Only on one purchase's own answer, to its buyer and staff; never in a list or a webhook.
  pins: z.optional(z.array(voucher)).check(z.meta({ description: "The PINs delivered" })),
  // A recharge-card purchase's, on the same answers as `pins`, whether delivered yet or not.
  cards: z.optional(printedCards).check(z.meta({ description: "Recharge cards: what to print on each" })),
  customer_name: z.nullable(z.string()),
  failure_reason: z.nullable(z.string()),
  balance_before: z.nullable(integer()),
  balance_after: z.nullable(integer()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Transaction = z.infer<typeof transaction>;

export const transactionListQuery = z.extend(pageQuery, {
  kind: z.optional(transactionKind),
  status: z.optional(transactionStatus),
  search: z
    .optional(z.string().check(z.trim(), z.maxLength(100)))
    .check(z.meta({ description: "Reference, phone, smartcard, meter or description" })),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const referenceParam = z.strictObject({ reference: z.string().check(z.regex(/^[A-Z0-9-]{6,40}$/)) });
