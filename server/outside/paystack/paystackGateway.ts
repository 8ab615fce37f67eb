import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { type GatewayPayment, GatewayRefused, type PaymentGateway } from "../gateway";
import {
  paymentOf,
  paystackCustomer,
  paystackDedicatedAccount,
  paystackEnvelope,
  paystackInitialized,
  paystackTransaction,
  paystackWebhookBody,
} from "./paystackAnswers";

export const paystackSignatureHeader = "x-paystack-signature";

export function paystackSignature(secretKey: string, rawBody: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

interface PaystackOptions {
  baseUrl: string;
  secretKey: string;
  preferredBank: string;
  fetch?: typeof fetch;
}

interface Reply {
  httpStatus: number;
  envelope: z.infer<typeof paystackEnvelope> | undefined;
}

/** The Paystack adapter: the one path every funding takes, against the simulator or the real host. */
export function createPaystackGateway(options: PaystackOptions): PaymentGateway {
  const fetcher = options.fetch ?? fetch;

  async function call(
    method: "GET" | "POST",
    path: string,
    signal: AbortSignal,
    body?: unknown,
  ): Promise<Reply> {
    const response = await fetcher(new URL(path, options.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        accept: "application/json",
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = paystackEnvelope.safeParse(json);
    return { httpStatus: response.status, envelope: parsed.success ? parsed.data : undefined };
  }

  /** The data of a successful answer, or GatewayRefused with Paystack's own message. */
  function dataOf<S extends z.ZodType>(what: string, reply: Reply, schema: S): z.output<S> {
    if (reply.envelope?.status === true) {
      const parsed = schema.safeParse(reply.envelope.data);
      if (parsed.success) return parsed.data;
    }
    const said = reply.envelope?.message ?? "an answer that is not Paystack's";
    throw new GatewayRefused(`Paystack refused ${what}: HTTP ${reply.httpStatus}, ${said}`);
  }

  return {
    name: "paystack",

    async checkout(payment, signal) {
      const reply = await call("POST", "transaction/initialize", signal, {
        email: payment.email,
        amount: payment.amount,
        reference: payment.reference,
        currency: "NGN",
        callback_url: payment.callbackUrl,
        channels: ["card", "bank", "ussd", "bank_transfer"],
        metadata: { purpose: "wallet funding" },
      });
      return { checkoutUrl: dataOf("the checkout", reply, paystackInitialized).authorization_url };
    },

    async verify(reference, signal) {
      const reply = await call("GET", `transaction/verify/${encodeURIComponent(reference)}`, signal);
      // Paystack answers an unknown reference with 400 and status false; it is not a refusal.
      if (reply.httpStatus === 400 && reply.envelope?.status === false) return null;
      return paymentOf(dataOf("the verification", reply, paystackTransaction));
    },

    async listSuccessful(from, to, signal) {
      const found: GatewayPayment[] = [];
      for (let page = 1; page <= 1_000; page++) {
        const query = new URLSearchParams({
          status: "success",
          from: from.toISOString(),
          to: to.toISOString(),
          perPage: "100",
          page: String(page),
        });
        const reply = await call("GET", `transaction?${query}`, signal);
        const rows = dataOf("the transaction list", reply, paystackTransaction.array());
        found.push(...rows.map(paymentOf));
        const pageCount = reply.envelope?.meta?.pageCount ?? page;
        if (page >= pageCount || rows.length === 0) break;
      }
      return found;
    },

    async openDedicatedAccount(customer, signal) {
      const created = dataOf(
        "the customer",
        await call("POST", "customer", signal, {
          email: customer.email,
          first_name: customer.firstName,
          last_name: customer.lastName,
          phone: customer.phone,
        }),
        paystackCustomer,
      );
      const account = dataOf(
        "the dedicated account",
        await call("POST", "dedicated_account", signal, {
          customer: created.customer_code,
          preferred_bank: options.preferredBank,
        }),
        paystackDedicatedAccount,
      );
      return {
        customerCode: created.customer_code,
        accountNumber: account.account_number,
        accountName: account.account_name,
        bankName: account.bank.name,
      };
    },

    verifySignature(rawBody, headers) {
      const given = headers.get(paystackSignatureHeader) ?? "";
      if (!/^[0-9a-f]{128}$/i.test(given)) return false;
      const expected = paystackSignature(options.secretKey, rawBody);
      return timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
    },

    parseWebhook(rawBody) {
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const body = paystackWebhookBody.safeParse(json);
      if (!body.success) return null;
      if (body.data.event !== "charge.success") return { kind: "ignored", event: body.data.event };
      const data = paystackTransaction.safeParse(body.data.data);
      if (!data.success) return null;
      return { kind: "payment", event: body.data.event, payment: paymentOf(data.data) };
    },
  };
}
