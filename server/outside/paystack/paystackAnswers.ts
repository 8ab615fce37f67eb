import { z } from "zod";
import type { GatewayPayment } from "../gateway";

/** Paystack's transaction object (verify, list, webhook), read for what crediting needs and no more. */
const text = z.union([z.string(), z.number()]).transform(String);
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

export const paystackTransaction = z.looseObject({
  id: text,
  reference: z.string().min(1),
  status: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  channel: maybe(z.string()),
  paid_at: maybe(z.string()),
  paidAt: maybe(z.string()),
  metadata: maybe(z.looseObject({ receiver_account_number: maybe(text) })),
  authorization: maybe(
    z.looseObject({
      receiver_bank_account_number: maybe(text),
      sender_name: maybe(z.string()),
      sender_bank: maybe(z.string()),
    }),
  ),
  customer: maybe(z.looseObject({ customer_code: maybe(z.string()) })),
});
export type PaystackTransaction = z.infer<typeof paystackTransaction>;

export const paystackEnvelope = z.looseObject({
  status: z.boolean(),
  message: z.string().optional().catch(undefined),
  data: z.unknown().optional(),
  meta: z
    .looseObject({ page: z.number().optional(), pageCount: z.number().optional() })
    .optional()
    .catch(undefined),
});

export const paystackInitialized = z.looseObject({ authorization_url: z.url(), reference: z.string() });
export const paystackCustomer = z.looseObject({ customer_code: z.string().min(1) });
export const paystackDedicatedAccount = z.looseObject({
  account_number: z.string().regex(/^\d{10}$/),
  account_name: z.string().min(1),
  bank: z.looseObject({ name: z.string().min(1) }),
});
export const paystackWebhookBody = z.looseObject({ event: z.string().min(1), data: z.unknown() });

const statuses: Record<string, GatewayPayment["status"]> = {
  success: "successful",
  failed: "failed",
  abandoned: "abandoned",
  reversed: "reversed",
};

/** Paystack's words in ours: "ongoing", "pending", "processing", "queued" and anything new are pending. */
export function paymentOf(data: PaystackTransaction): GatewayPayment {
  const paidAt = data.paid_at ?? data.paidAt;
  return {
    id: data.id,
    reference: data.reference,
    status: statuses[data.status] ?? "pending",
    amount: data.amount,
    currency: data.currency,
    channel: data.channel ?? "unknown",
    paidAt: paidAt && !Number.isNaN(Date.parse(paidAt)) ? new Date(paidAt) : null,
    receiverAccount:
      data.authorization?.receiver_bank_account_number ?? data.metadata?.receiver_account_number ?? undefined,
    customerCode: data.customer?.customer_code ?? undefined,
    sender: data.authorization?.sender_name ?? data.authorization?.sender_bank ?? undefined,
  };
}
