import { and, desc, eq } from "drizzle-orm";
import type { CustomerDispute, DisputeStatus } from "../../../schemas/disputeView";

import type { Queryable } from "../../db/database";
import { disputes, transactions } from "../../db/schema";
import { notFound } from "../../refusal";

export type DisputeRow = typeof disputes.$inferSelect;

/** Staff answer a dispute within 72 hours of its opening. */
export const disputeDeadlineMs = 72 * 3_600_000;

const outcomes: Record<DisputeStatus, CustomerDispute["outcome"]> = {
  open: null,
  closed_by_requery: "requery",
  resolved_refund: "refund",
  resolved_redeliver: "redeliver",
  rejected: "reject",
};

/**
 * Whether a dispute sent the purchase again at the business's cost: its money then stays spent, so a
 * refund or another dispute would pay the customer twice.
 */
export async function wasRedelivered(db: Queryable, transactionId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.transactionId, transactionId), eq(disputes.status, "resolved_redeliver")))
    .limit(1);
  return Boolean(found);
}

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

/** The latest dispute of one of the customer's own purchases, as they see it; null when none. */
export async function customerDisputeOf(db: Queryable, userId: string, transactionId: string) {
  const [row] = await db
    .select({ purchase: transactions.id, dispute: disputes })
    .from(transactions)
    .leftJoin(disputes, eq(disputes.transactionId, transactions.id))
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
    .orderBy(desc(disputes.openedAt))
    .limit(1);
  if (!row) throw notFound("No purchase with that id.");
  return row.dispute ? customerDisputeView(row.dispute) : null;
}
