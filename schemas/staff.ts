import { z } from "zod/mini";
import { integer, kobo, page, pageQuery, timestamp } from "./common";
import { calendarDay } from "./days";
import { providerAlert } from "./operations";
import { transaction, transactionKind, transactionStatus } from "./transactions";

/** Who a transaction or a record belongs to, as staff see them. */
export const userRef = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type UserRef = z.infer<typeof userRef>;

export const staffTransaction = z.extend(transaction, {
  customer: userRef,
  cost: kobo.check(z.meta({ description: "What the provider charged us" })),
});
export type StaffTransaction = z.infer<typeof staffTransaction>;

export const transactionEvent = z.object({
  status: z.string(),
  note: z.string(),
  actor: z.nullable(z.string()).check(z.meta({ description: "The staff member who acted, if one did" })),
  created_at: timestamp,
});

/** One try of a purchase at one provider: the earlier ones refused and kept nothing; the last stands. */
export const purchaseAttempt = z.object({
  provider: z.string(),
  provider_label: z.string(),
  request_id: z.nullable(z.string()),
  provider_reference: z.nullable(z.string()),
  sent_at: z.nullable(timestamp),
  latency_ms: z.nullable(integer()),
  current: z.boolean().check(z.meta({ description: "The try the purchase stands on" })),
  reason: z.nullable(z.string().check(z.meta({ description: "Why an earlier try was moved on from" }))),
  note: z.nullable(z.string().check(z.meta({ description: "The provider's own words" }))),
});
export type PurchaseAttempt = z.infer<typeof purchaseAttempt>;

export const staffTransactionDetail = z.extend(staffTransaction, {
  provider: z.nullable(z.string()),
  provider_label: z.nullable(z.string()),
  /** e.g. "unknown at Husmodata": pending at a provider that has not said it has the purchase. */
  provider_standing: z.nullable(z.string()),
  attempts: z.array(purchaseAttempt),
  events: z.array(transactionEvent),
  can_refund: z.boolean(),
  can_requery: z.boolean(),
});
export type StaffTransactionDetail = z.infer<typeof staffTransactionDetail>;

const day = calendarDay("Write the date as YYYY-MM-DD.");

export const staffTransactionQuery = z.extend(pageQuery, {
  status: z.optional(transactionStatus),
  search: z
    .optional(z.string().check(z.trim(), z.maxLength(100)))
    .check(z.meta({ description: "Phone, smartcard, meter, reference or email" })),
  from: z.optional(day).check(z.meta({ description: "First day, in Lagos" })),
  to: z.optional(day).check(z.meta({ description: "Last day, in Lagos" })),
});
export type StaffTransactionQuery = z.infer<typeof staffTransactionQuery>;
export const allTransactionsQuery = z.extend(staffTransactionQuery, {
  kind: z.optional(transactionKind),
  user_id: z.optional(z.uuid()),
});

export const totals = z.object({
  count: integer(),
  amount: kobo.check(
    z.meta({ description: "Face value of every matching transaction, before fees and discounts" }),
  ),
  charged: kobo.check(
    z.meta({
      description:
        "What wallets paid for the matching purchases and level upgrades that stand (successful or pending): a failed, refunded or reversed one gave its money back",
    }),
  ),
});
export const staffTransactionPage = z.extend(page(staffTransaction), {
  totals: totals.check(
    z.meta({ description: "Over every transaction the filters match, not just this page" }),
  ),
});

export const refundBody = z.strictObject({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { error: "Say why you are refunding this." }),
      z.maxLength(200),
      z.meta({ title: "Reason", widget: "textarea" }),
    ),
});
export const transactionId = z.strictObject({ id: z.uuid({ error: "Not found." }) });

/**
 * Figures of delivered purchases, refunded ones included (refunds shown apart), and of level upgrades'
 * fees (no cost): every row adds up, revenue = volume − refunds − cost.
 */
export const serviceTotals = z.object({
  count: integer().check(
    z.meta({
      description: "Purchases the provider delivered, refunded ones included, and level upgrades",
    }),
  ),
  volume: kobo.check(z.meta({ description: "What those took from wallets" })),
  refunds: kobo.check(z.meta({ description: "What staff gave back of it" })),
  cost: kobo.check(z.meta({ description: "What the provider charged for them" })),
  revenue: integer().check(z.meta({ description: "volume − refunds − cost" })),
});
export type ServiceTotals = z.infer<typeof serviceTotals>;
export const statistics = z.object({
  today: serviceTotals,
  all_time: serviceTotals,
  pending_count: integer(),
  by_service: z.array(z.extend(serviceTotals, { kind: transactionKind })),
  provider_alerts: z
    .array(providerAlert)
    .check(z.meta({ description: "Problems with our provider account, while they last" })),
  disputes: z
    .object({ open: integer(), overdue: integer() })
    .check(z.meta({ description: "Open disputes, and how many are past their 72-hour deadline" })),
});
export type Statistics = z.infer<typeof statistics>;

export const customerSearchQuery = z.extend(pageQuery, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export const customerHit = z.extend(userRef, {
  wallet_number: z.string(),
  balance: kobo,
  is_active: z.boolean(),
  can_transact: z.boolean(),
});
