import { z } from "zod";
import { type DedicatedAccount, type GatewayPayment, GatewayRefused, type WebhookEvent } from "../gateway";
import { scalarText } from "../lenientJson";
import type { OutsideReply } from "../outsideHttp";

/**
 * Paystack's answers, read for what crediting needs and no more, in our terms. Pure: each function
 * takes the reply as it came (or a webhook's raw body) and answers a value or GatewayRefused.
 */

const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

/** Paystack's transaction object (verify, list, webhook). */
export const paystackTransaction = z.looseObject({
  id: scalarText,
  reference: z.string().min(1),
  status: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  channel: maybe(z.string()),
  paid_at: maybe(z.string()),
  paidAt: maybe(z.string()),
  metadata: maybe(z.looseObject({ receiver_account_number: maybe(scalarText) })),
  authorization: maybe(
    z.looseObject({
      receiver_bank_account_number: maybe(scalarText),
      sender_name: maybe(z.string()),
      sender_bank: maybe(z.string()),
    }),
  ),
  customer: maybe(z.looseObject({ customer_code: maybe(z.string()) })),
});
export type PaystackTransaction = z.infer<typeof paystackTransaction>;

const paystackEnvelope = z.looseObject({
  status: z.boolean(),
  message: z.string().optional().catch(undefined),
  data: z.unknown().optional(),
  meta: z
    .looseObject({ page: z.number().optional(), pageCount: z.number().optional() })
    .optional()
    .catch(undefined),
});
type PaystackEnvelope = z.infer<typeof paystackEnvelope>;

const paystackInitialized = z.looseObject({ authorization_url: z.url(), reference: z.string() });
const paystackCustomer = z.looseObject({ customer_code: z.string().min(1) });
const paystackDedicatedAccount = z.looseObject({
  account_number: z.string().regex(/^\d{10}$/),
  account_name: z.string().min(1),
  bank: z.looseObject({ name: z.string().min(1) }),
});
const paystackWebhookBody = z.looseObject({ event: z.string().min(1), data: z.unknown() });

/** Paystack's words in ours; "ongoing", "pending", "processing", "queued" and anything new are pending. */
const statuses: Record<string, GatewayPayment["status"]> = {
  success: "successful",
  failed: "failed",
  abandoned: "abandoned",
  reversed: "reversed",
};

/** Webhook events that carry a payment to credit; every other event is acknowledged and left. */
const paymentEvents = new Set(["charge.success"]);

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

function envelopeOf(reply: OutsideReply): PaystackEnvelope | undefined {
  const parsed = paystackEnvelope.safeParse(reply.json);
  return reply.isJson && parsed.success ? parsed.data : undefined;
}

/** The data of a successful answer, or GatewayRefused with Paystack's own message. */
function dataOf<S extends z.ZodType>(what: string, reply: OutsideReply, schema: S): z.output<S> {
  const envelope = envelopeOf(reply);
  if (envelope?.status === true) {
    const parsed = schema.safeParse(envelope.data);
    if (parsed.success) return parsed.data;
  }
  const said = envelope?.message ?? "an answer that is not Paystack's";
  throw new GatewayRefused(`Paystack refused ${what}: HTTP ${reply.httpStatus}, ${said}`);
}

/** `POST transaction/initialize`: where the customer goes to pay. */
export function checkoutAnswer(reply: OutsideReply): { checkoutUrl: string } {
  return { checkoutUrl: dataOf("the checkout", reply, paystackInitialized).authorization_url };
}

/** `GET transaction/verify/:reference`: the payment, or null when Paystack knows no such reference. */
export function verifyAnswer(reply: OutsideReply): GatewayPayment | null {
  // Paystack answers an unknown reference with 400 and status false; it is not a refusal.
  if (reply.httpStatus === 400 && envelopeOf(reply)?.status === false) return null;
  return paymentOf(dataOf("the verification", reply, paystackTransaction));
}

/** `GET transaction?page=n`: one page of payments, and whether another follows it. */
export function listPageAnswer(
  reply: OutsideReply,
  page: number,
): { payments: GatewayPayment[]; more: boolean } {
  const rows = dataOf("the transaction list", reply, paystackTransaction.array());
  const pageCount = envelopeOf(reply)?.meta?.pageCount ?? page;
  return { payments: rows.map(paymentOf), more: rows.length > 0 && page < pageCount };
}

/** `POST customer`: the customer's code at Paystack. */
export function customerAnswer(reply: OutsideReply): string {
  return dataOf("the customer", reply, paystackCustomer).customer_code;
}

/** `POST dedicated_account`: the customer's own account number. */
export function dedicatedAccountAnswer(reply: OutsideReply, customerCode: string): DedicatedAccount {
  const account = dataOf("the dedicated account", reply, paystackDedicatedAccount);
  return {
    customerCode,
    accountNumber: account.account_number,
    accountName: account.account_name,
    bankName: account.bank.name,
  };
}

/** A webhook's raw body (its signature already checked): the event, or null when it is not Paystack's. */
export function webhookEventOf(rawBody: string): WebhookEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const body = paystackWebhookBody.safeParse(json);
  if (!body.success) return null;
  if (!paymentEvents.has(body.data.event)) return { kind: "ignored", event: body.data.event };
  const data = paystackTransaction.safeParse(body.data.data);
  if (!data.success) return null;
  return { kind: "payment", event: body.data.event, payment: paymentOf(data.data) };
}
