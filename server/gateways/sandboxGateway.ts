import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { GatewayEvent, PaymentGateway } from "./gateway";

export const sandboxSignatureHeader = "x-sandbox-signature";

/** The sandbox's webhook body, shaped like Paystack's charge events. */
const sandboxEvent = z.object({
  event: z.enum(["charge.success", "charge.failed"]),
  data: z.object({
    id: z.string().min(1).max(64),
    reference: z.string().min(1).max(64),
    amount: z.number().int().positive(),
    currency: z.literal("NGN"),
    status: z.enum(["success", "failed"]),
  }),
});

export function sign(secret: string, rawBody: string): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

export interface SandboxGateway extends PaymentGateway {
  /** The webhook the sandbox sends when its checkout's Pay or Cancel is pressed. */
  eventFor(
    reference: string,
    amount: number,
    outcome: "successful" | "failed",
  ): { rawBody: string; signature: string };
}

/**
 * The default gateway: its checkout is a page the app serves itself (/sandbox/checkout/<reference>);
 * Pay and Cancel make it send a webhook signed with HMAC-SHA512 of the raw body, like a real one.
 */
export function createSandboxGateway(options: { secret: string; publicUrl: string }): SandboxGateway {
  return {
    name: "sandbox",
    async checkout({ reference }) {
      return { checkoutUrl: `${options.publicUrl}/sandbox/checkout/${encodeURIComponent(reference)}` };
    },
    verifySignature(rawBody, headers) {
      const given = headers.get(sandboxSignatureHeader) ?? "";
      const expected = sign(options.secret, rawBody);
      if (!/^[0-9a-f]{128}$/.test(given)) return false;
      return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(expected, "hex"));
    },
    parseEvent(rawBody) {
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const parsed = sandboxEvent.safeParse(json);
      if (!parsed.success) return null;
      const { data, event } = parsed.data;
      const outcome: GatewayEvent["outcome"] =
        event === "charge.success" && data.status === "success" ? "successful" : "failed";
      return { id: data.id, reference: data.reference, amount: data.amount, outcome };
    },
    eventFor(reference, amount, outcome) {
      const body = {
        event: outcome === "successful" ? "charge.success" : "charge.failed",
        data: {
          id: `sbx_evt_${randomBytes(8).toString("hex")}`,
          reference,
          amount,
          currency: "NGN",
          status: outcome === "successful" ? "success" : "failed",
        },
      };
      const rawBody = JSON.stringify(body);
      return { rawBody, signature: sign(options.secret, rawBody) };
    },
  };
}
