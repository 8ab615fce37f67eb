import { createHmac } from "node:crypto";
import { z } from "zod";
import { scalarText } from "../lenientJson";
import type { OutsideReply } from "../outsideHttp";

/**
 * Termii's answers in our terms (docs/PROVIDERS.md, "Termii"). Pure: each function takes the reply
 * as it came (or a delivery report's raw body) and answers a value.
 */

/** What became of one send: taken (with Termii's id), refused for certain, or nobody knows. */
export type SendAnswer =
  | { kind: "accepted"; messageId: string }
  | { kind: "refused"; reason: string }
  | { kind: "unclear"; reason: string };

const sent = z.looseObject({ message_id: scalarText, message: z.string().optional().catch(undefined) });
const refusal = z.looseObject({ message: z.string().optional().catch(undefined) });

/**
 * A 2xx answer with a `message_id` is a message Termii took. A 4xx with JSON is a refusal of ours
 * (a key, a sender ID, a number): nothing was sent. 429, 502 and 503 are Termii not taking work.
 * Anything else (500, 504, a 2xx without an id, a body that is not JSON) may have been sent.
 */
export function sendAnswerOf(reply: OutsideReply): SendAnswer {
  if (reply.httpStatus >= 200 && reply.httpStatus < 300) {
    const taken = sent.safeParse(reply.json);
    if (taken.success && taken.data.message_id) return { kind: "accepted", messageId: taken.data.message_id };
    return { kind: "unclear", reason: `HTTP ${reply.httpStatus} without a message id` };
  }
  const said = refusal.safeParse(reply.json).data?.message?.slice(0, 200);
  if ([429, 502, 503].includes(reply.httpStatus)) {
    return { kind: "refused", reason: `HTTP ${reply.httpStatus}: Termii is not taking messages now` };
  }
  if (reply.httpStatus >= 400 && reply.httpStatus < 500 && reply.isJson) {
    return { kind: "refused", reason: `HTTP ${reply.httpStatus}: ${said ?? "refused"}` };
  }
  return { kind: "unclear", reason: `HTTP ${reply.httpStatus}${reply.isJson ? "" : ", not JSON"}` };
}

/** What a delivery report's status means, matched by its first words ("DELIVERED | Message delivered…"). */
export type DeliveryOutcome = "sent" | "delivered" | "dnd" | "failed" | "expired" | "other";

const statusPrefixes: Array<[string, DeliveryOutcome]> = [
  ["delivered", "delivered"],
  ["dnd active", "dnd"],
  ["message failed", "failed"],
  ["message sent", "sent"],
  ["expired", "expired"],
  ["rejected", "failed"],
];

export function outcomeOfStatus(status: string): DeliveryOutcome {
  const said = status.trim().toLowerCase();
  return statusPrefixes.find(([prefix]) => said.startsWith(prefix))?.[1] ?? "other";
}

const report = z.looseObject({
  message_id: scalarText,
  status: z.string().min(1),
  type: z.string().optional().catch(undefined),
});

export interface DeliveryReport {
  messageId: string;
  /** As Termii wrote it, kept whole (at most 120 characters). */
  status: string;
  outcome: DeliveryOutcome;
}

/** A delivery report's body, or null when it is not one (another event, or not JSON). */
export function deliveryReportOf(raw: string): DeliveryReport | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  const read = report.safeParse(body);
  if (!read.success || !read.data.message_id) return null;
  const status = read.data.status.trim().slice(0, 120);
  return { messageId: read.data.message_id, status, outcome: outcomeOfStatus(status) };
}

export const termiiSignatureHeader = "x-termii-signature";

/** HMAC-SHA512 of the raw body with the account's secret, in hex: what Termii puts in `X-Termii-Signature`. */
export function termiiSignature(secret: string, rawBody: string): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}
