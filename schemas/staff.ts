import { z } from "zod";
import { kobo, page, pageQuery, timestamp } from "./common";
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

export const staffTransaction = transaction.extend({
  customer: userRef,
  cost: kobo.meta({ description: "What the provider charged us" }),
});
export type StaffTransaction = z.infer<typeof staffTransaction>;

export const transactionEvent = z.object({
  status: z.string(),
  note: z.string(),
  actor: z.string().nullable().meta({ description: "The staff member who acted, if one did" }),
  created_at: timestamp,
});

export const staffTransactionDetail = staffTransaction.extend({
  provider: z.string().nullable(),
  events: z.array(transactionEvent),
  can_refund: z.boolean(),
  can_requery: z.boolean(),
});
export type StaffTransactionDetail = z.infer<typeof staffTransactionDetail>;

const day = z.iso.date({ error: "Write the date as YYYY-MM-DD." });

export const staffTransactionQuery = pageQuery.extend({
  status: transactionStatus.optional(),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ description: "Phone, smartcard, meter, reference or email" }),
  from: day.optional().meta({ description: "First day, in Lagos" }),
  to: day.optional().meta({ description: "Last day, in Lagos" }),
});
export type StaffTransactionQuery = z.infer<typeof staffTransactionQuery>;
export const allTransactionsQuery = staffTransactionQuery.extend({
  kind: transactionKind.optional(),
  user_id: z.uuid().optional(),
});

export const totals = z.object({ count: z.number().int(), amount: kobo, total: kobo });
export const staffTransactionPage = page(staffTransaction).extend({
  totals: totals.meta({ description: "Over every transaction the filters match, not just this page" }),
});

export const refundBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(3, { error: "Say why you are refunding this." })
    .max(200)
    .meta({ title: "Reason", widget: "textarea" }),
});
export const transactionId = z.strictObject({ id: z.uuid({ error: "Not found." }) });

export const serviceTotals = z.object({ count: z.number().int(), volume: kobo, revenue: z.number().int() });
export const statistics = z.object({
  today: serviceTotals,
  all_time: serviceTotals,
  pending_count: z.number().int(),
  by_service: z.array(serviceTotals.extend({ kind: transactionKind })),
  provider_alerts: z
    .array(providerAlert)
    .meta({ description: "Problems with our provider account, while they last" }),
});
export type Statistics = z.infer<typeof statistics>;

export const customerSearchQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
});
export const customerHit = userRef.extend({
  wallet_number: z.string(),
  balance: kobo,
  is_active: z.boolean(),
  can_transact: z.boolean(),
});
