import { z } from "zod/mini";
import { timestamp } from "./common";

// Apart from disputes.ts: the database schema and the receipt's dispute need only these.

export const disputeReasons = ["not_received", "wrong_recipient", "token_not_working", "other"] as const;
export const disputeReason = z.enum(disputeReasons, { error: "Choose what went wrong." });
export type DisputeReason = z.infer<typeof disputeReason>;
/** Each reason as the customer picks it, and as staff, the mail and the audit read it. */
export const disputeReasonLabels: Record<DisputeReason, string> = {
  not_received: "Nothing arrived",
  wrong_recipient: "It went to the wrong number",
  token_not_working: "The token or PIN does not work",
  other: "Something else",
};
/** A purchase can be reported within 30 days of it. */
export const disputeWindowMs = 30 * 24 * 3_600_000;

/**
 * open: waiting for staff. closed_by_requery: the provider, asked again when it was opened, said the
 * purchase failed or was reversed, and its money went back. The other three are staff's outcomes.
 */
export const disputeStatuses = [
  "open",
  "closed_by_requery",
  "resolved_refund",
  "resolved_redeliver",
  "rejected",
] as const;
export const disputeStatus = z.enum(disputeStatuses);
export type DisputeStatus = z.infer<typeof disputeStatus>;

/** A purchase's dispute as its customer sees it, on the purchase. */
export const customerDispute = z.object({
  status: disputeStatus,
  reason: disputeReason,
  opened_at: timestamp,
  deadline: timestamp,
  outcome: z.nullable(z.enum(["refund", "redeliver", "reject", "requery"])),
  note: z.nullable(z.string()),
});
export type CustomerDispute = z.infer<typeof customerDispute>;
