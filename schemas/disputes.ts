import { z } from "zod/mini";
import { kobo, pageQuery, timestamp } from "./common";
import { disputeReason, disputeStatus } from "./disputeView";
import { userRef } from "./staff";
import { transactionKind, transactionStatus } from "./transactions";

export const disputeOutcome = z.enum(["refund", "redeliver", "reject"], {
  error: "Choose refund, redeliver or reject.",
});
export type DisputeOutcome = z.infer<typeof disputeOutcome>;

export const disputeBody = z.strictObject({
  reason: disputeReason.check(z.meta({ title: "What went wrong" })),
  details: z
    .string({ error: "Say what happened." })
    .check(
      z.trim(),
      z.minLength(3, { error: "Say what happened, in a few words." }),
      z.maxLength(1000, { error: "At most 1,000 characters." }),
      z.meta({ title: "What happened", widget: "textarea" }),
    ),
});
export type DisputeBody = z.infer<typeof disputeBody>;

export const disputeResolveBody = z.strictObject({
  outcome: disputeOutcome.check(z.meta({ title: "Outcome" })),
  note: z._default(
    z
      .string()
      .check(z.trim(), z.maxLength(500, { error: "At most 500 characters." }), z.meta({ title: "Note" })),
    "",
  ),
});
export type DisputeResolveBody = z.infer<typeof disputeResolveBody>;

/** What the provider said when the purchase was asked about again, as the dispute was opened. */
export const requeryAnswer = z.object({
  status: z.enum(["successful", "failed", "reversed", "pending"]),
  message: z.nullable(z.string()),
  at: timestamp,
});

/** One dispute in the staff queue: the purchase, its customer, the requery's answer and the clock. */
export const staffDispute = z.object({
  id: z.uuid(),
  status: disputeStatus,
  reason: disputeReason,
  details: z.string(),
  opened_at: timestamp,
  deadline: timestamp,
  overdue: z.boolean(),
  requery: z.nullable(requeryAnswer),
  resolved_at: z.nullable(timestamp),
  resolved_by: z.nullable(z.string()),
  note: z.nullable(z.string()),
  redelivery_reference: z.nullable(z.string()),
  purchase: z.object({
    id: z.uuid(),
    reference: z.string(),
    kind: transactionKind,
    status: transactionStatus,
    description: z.string(),
    recipient: z.nullable(z.string()),
    total: kobo,
    created_at: timestamp,
  }),
  customer: userRef,
});
export type StaffDispute = z.infer<typeof staffDispute>;

export const disputeQuery = z.extend(pageQuery, {
  state: z._default(z.enum(["open", "closed"], { error: "Choose open or closed." }), "open"),
});
