import { createHmac, timingSafeEqual } from "node:crypto";
import type { GatewayPayment, PaymentGateway } from "../gateway";
import {
  checkoutAnswer,
  customerAnswer,
  dedicatedAccountAnswer,
  listPageAnswer,
  verifyAnswer,
  webhookEventOf,
} from "./paystackAnswers";
import { type PaystackClientOptions, paystackClient } from "./paystackClient";

export const paystackSignatureHeader = "x-paystack-signature";

export function paystackSignature(secretKey: string, rawBody: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export interface PaystackOptions extends PaystackClientOptions {
  preferredBank: string;
  /**
   * The longest the day's whole listing may take, every page together (`GATEWAY_LISTING_TIMEOUT_MS`);
   * each page is also held to `timeoutMs`.
   */
  listingTimeoutMs: number;
}

/** One limit over several calls that make one operation, sooner if the caller aborts. */
function overall(ms: number, signal: AbortSignal | undefined): AbortSignal {
  const limit = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([limit, signal]) : limit;
}

/** The Paystack adapter: the one path every funding takes, against the simulator or the real host. */
export function createPaystackGateway(options: PaystackOptions): PaymentGateway {
  const http = paystackClient(options);

  return {
    name: "paystack",

    async checkout(payment, signal) {
      const body = {
        email: payment.email,
        amount: payment.amount,
        reference: payment.reference,
        currency: "NGN",
        callback_url: payment.callbackUrl,
        channels: ["card", "bank", "ussd", "bank_transfer"],
        metadata: { purpose: "wallet funding" },
      };
      return checkoutAnswer(await http.post("transaction/initialize", body, signal));
    },

    async verify(reference, signal) {
      return verifyAnswer(await http.get(`transaction/verify/${encodeURIComponent(reference)}`, signal));
    },

    async listSuccessful(from, to, signal) {
      const listing = overall(options.listingTimeoutMs, signal);
      const found: GatewayPayment[] = [];
      for (let page = 1; page <= 1_000; page++) {
        const query = new URLSearchParams({
          status: "success",
          from: from.toISOString(),
          to: to.toISOString(),
          perPage: "100",
          page: String(page),
        });
        const { payments, more } = listPageAnswer(await http.get(`transaction?${query}`, listing), page);
        found.push(...payments);
        if (!more) break;
      }
      return found;
    },

    async openDedicatedAccount(customer, signal) {
      // Two calls, one operation: together they get the time one call would.
      const opening = overall(options.timeoutMs, signal);
      const customerCode = customerAnswer(
        await http.post(
          "customer",
          {
            email: customer.email,
            first_name: customer.firstName,
            last_name: customer.lastName,
            phone: customer.phone,
          },
          opening,
        ),
      );
      const body = { customer: customerCode, preferred_bank: options.preferredBank };
      return dedicatedAccountAnswer(await http.post("dedicated_account", body, opening), customerCode);
    },

    verifySignature(rawBody, headers) {
      const given = headers.get(paystackSignatureHeader) ?? "";
      if (!/^[0-9a-f]{128}$/i.test(given)) return false;
      const expected = paystackSignature(options.secretKey, rawBody);
      return timingSafeEqual(Buffer.from(given.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
    },

    parseWebhook: webhookEventOf,
  };
}
