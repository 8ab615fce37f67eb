import { and, eq } from "drizzle-orm";
import { disputes } from "../../db/schema";
import { recordAudit } from "../audit";
import { noticeToCustomer } from "../notices/customerNotices";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { DisputeDeps } from "./disputeOpening";

/**
 * A redelivery its provider declined or reversed: its money is back in the refunds account, but the
 * customer still has nothing, so the dispute goes back to staff's queue (its deadline unchanged, the
 * redelivery kept beside it) and the customer, told it was sent again, is told it was not.
 */
export async function reopenAfterFailedRedelivery(
  deps: Pick<DisputeDeps, "db" | "clock">,
  disputeId: string,
  redelivery: TransactionRow,
) {
  await deps.db.transaction(async (tx) => {
    const [reopened] = await tx
      .update(disputes)
      .set({ status: "open", resolvedAt: null, resolvedBy: null })
      .where(
        and(
          eq(disputes.id, disputeId),
          eq(disputes.status, "resolved_redeliver"),
          eq(disputes.redeliveryId, redelivery.id),
        ),
      )
      .returning();
    if (!reopened) return;
    await recordAudit(tx, deps.clock, {
      actorId: null,
      ip: null,
      action: "dispute.reopen",
      targetType: "transaction",
      targetId: reopened.transactionId,
      before: { status: "resolved_redeliver", redelivery: redelivery.reference },
      after: {
        status: "open",
        reason: `The provider ${redelivery.status === "failed" ? "declined" : "reversed"} the redelivery.`,
      },
    });
    await noticeToCustomer(tx, deps.clock, reopened.userId, {
      title: "Your reported problem is open again",
      body: `The second try (${redelivery.reference}) failed; staff will look at it again.`,
    });
  });
}
