import { desc, eq } from "drizzle-orm";
import type { CustomerDispute, DisputeReason, DisputeStatus } from "../../../schemas/disputeView";
import type { Queryable } from "../../db/database";
import { disputes } from "../../db/schema";

export type DisputeRow = typeof disputes.$inferSelect;

/** Staff answer a dispute within 72 hours of its opening. */
export const disputeDeadlineMs = 72 * 3_600_000;
/** A purchase can be reported within 30 days of it. */
export const disputeWindowMs = 30 * 24 * 3_600_000;

const outcomes: Record<DisputeStatus, CustomerDispute["outcome"]> = {
  open: null,
  closed_by_requery: "requery",
  resolved_refund: "refund",
  resolved_redeliver: "redeliver",
  rejected: "reject",
};

export const reasonLabels: Record<DisputeReason, string> = {
  not_received: "Nothing arrived",
  wrong_recipient: "It went to the wrong number",
  token_not_working: "The token does not work",
  other: "Something else",
};

export function customerDisputeView(row: DisputeRow): CustomerDispute {
  return {
    status: row.status,
    reason: row.reason,
    opened_at: row.openedAt.toISOString(),
    deadline: row.deadline.toISOString(),
    outcome: outcomes[row.status],
    note: row.note,
  };
}

/** The purchase's latest dispute as its customer sees it, or null. */
export async function customerDisputeOf(db: Queryable, transactionId: string) {
  const [row] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.transactionId, transactionId))
    .orderBy(desc(disputes.openedAt))
    .limit(1);
  return row ? customerDisputeView(row) : null;
}
