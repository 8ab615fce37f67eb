import { eq } from "drizzle-orm";
import type { DisputeResolveBody } from "../../../schemas/disputes";
import { disputeReasonLabels } from "../../../schemas/disputeView";
import { disputes, transactions, users } from "../../db/schema";
import { fieldRefusal, notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { refundWithin } from "../transactions/staffTransactions";
import { tellDisputeOutcome } from "./disputeNews";
import type { DisputeDeps } from "./disputeOpening";
import { holdRedelivery, sendRedelivery } from "./redelivery";
import { reopenAfterFailedRedelivery } from "./redeliveryFailure";

const statusOf = {
  refund: "resolved_refund",
  redeliver: "resolved_redeliver",
  reject: "rejected",
} as const;

/**
 * Staff's answer to an open dispute, in one transaction under the dispute's row lock: whoever comes
 * second finds it closed (409), so however many race, a refund is made once; the purchase's own row
 * lock, taken before either outcome, keeps a refund from the transaction page or a requery's reversal
 * from landing beside it. A redelivery is held here and sent to its provider after the commit; one its
 * provider declines puts the dispute back in the queue (`redeliveryFailed`).
 */
export async function resolveDispute(deps: DisputeDeps, actor: Actor, id: string, body: DisputeResolveBody) {
  if (body.outcome === "reject" && body.note.length < 3)
    throw fieldRefusal("note", "Say why the report is rejected: the customer reads it.");
  const { redelivery } = await deps.db.transaction(async (tx) => {
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, id)).for("update");
    if (!dispute) throw notFound("No dispute with that id.");
    if (dispute.status !== "open") throw new Refusal("already_done", "This dispute has already been closed.");
    // Locked: a staff refund or a requery's reversal committing meanwhile must not also get a redelivery.
    const [purchase] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, dispute.transactionId))
      .for("update");
    if (!purchase) throw new Error(`dispute ${id} names no purchase`);
    const why = body.note || disputeReasonLabels[dispute.reason];
    const refunded =
      body.outcome === "refund"
        ? await refundWithin(tx, deps.clock, actor, purchase.id, `Dispute: ${why}`)
        : null;
    const redelivery = body.outcome === "redeliver" ? await holdRedelivery(tx, deps, actor, purchase) : null;
    const now = deps.clock.now();
    const [resolved] = await tx
      .update(disputes)
      .set({
        status: statusOf[body.outcome],
        resolvedAt: now,
        resolvedBy: actor.user.id,
        note: body.note || null,
        redeliveryId: redelivery?.id ?? null,
      })
      .where(eq(disputes.id, id))
      .returning();
    if (!resolved) throw new Error(`dispute ${id} was not resolved`);
    await recordAuditBy(tx, deps.clock, actor, {
      action: "dispute.resolve",
      targetType: "transaction",
      targetId: purchase.id,
      before: { status: "open" },
      after: {
        status: resolved.status,
        outcome: body.outcome,
        note: body.note,
        ...(redelivery ? { redelivery: redelivery.reference } : {}),
      },
    });
    const [customer] = await tx.select().from(users).where(eq(users.id, dispute.userId));
    if (customer)
      await tellDisputeOutcome(tx, deps, customer, resolved, refunded ?? purchase, redelivery?.reference);
    return { redelivery };
  });
  deps.outbox?.kick();
  deps.sms?.kick();
  if (!redelivery) return { redeliveryFailed: false };
  const sent = await sendRedelivery(deps, redelivery);
  const redeliveryFailed = sent.status === "failed" || sent.status === "reversed";
  if (redeliveryFailed) await reopenAfterFailedRedelivery(deps, id, sent);
  return { redeliveryFailed };
}
