import { and, eq } from "drizzle-orm";
import { disputes, users } from "../../db/schema";
import type { ProviderResult } from "../../outside/provider";
import { recordAudit } from "../audit";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { askAgain, claimForRequery } from "../purchases/requeryWorker";
import { settlePurchase } from "../purchases/settlePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import { tellDisputeOutcome } from "./disputeNews";
import type { DisputeDeps } from "./disputeOpening";
import type { DisputeRow } from "./disputeViews";

/**
 * Asks the disputed purchase's provider again, outside any transaction, and keeps the answer with the
 * dispute: a purchase that settles failed or reversed (its money back, once, by the ordinary
 * settlement) closes it; anything else leaves it open for staff, the answer beside it.
 */
export async function requeryDisputed(deps: DisputeDeps, row: TransactionRow, opened: DisputeRow) {
  const answered = await requeryFor(deps, row);
  return answered ? attachAnswer(deps, opened, answered) : opened;
}

/** The provider's answer now and the purchase as it settled; null when the provider could not be asked. */
async function requeryFor(deps: PurchaseDeps, row: TransactionRow) {
  if (!row.provider || !deps.providers.has(row.provider)) return null;
  try {
    // A pending one is claimed first, as staff's requery claims it: askAgain may re-send it under the
    // same request id, and the purchase's own answer arriving meanwhile must then leave it to this one.
    const asked = row.status === "pending" ? await claimForRequery(deps.db, row.id) : row;
    const answer = await askAgain(deps, asked);
    const settled = await settlePurchase(deps, row.id, answer, "requery");
    return { answer, settled, at: deps.clock.now() };
  } catch (error) {
    // The dispute stands without an answer; staff requery it from the queue.
    deps.logger.warn({ reference: row.reference, err: String(error) }, "dispute requery failed");
    return null;
  }
}

const messageOf = (answer: ProviderResult) =>
  answer.status === "failed" || answer.status === "reversed"
    ? [answer.reason, answer.note].filter(Boolean).join(" ")
    : (answer.note ?? null);

/** Keeps the answer with the dispute, and closes it when the purchase's money went back. */
async function attachAnswer(
  deps: DisputeDeps,
  opened: DisputeRow,
  { answer, settled, at }: NonNullable<Awaited<ReturnType<typeof requeryFor>>>,
): Promise<DisputeRow> {
  const closes = settled.status === "failed" || settled.status === "reversed";
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(disputes)
      .set({
        requeryStatus: answer.status,
        requeryMessage: messageOf(answer),
        requeriedAt: at,
        ...(closes ? { status: "closed_by_requery" as const, resolvedAt: at } : {}),
      })
      .where(and(eq(disputes.id, opened.id), eq(disputes.status, "open")))
      .returning();
    // Staff resolved it meanwhile: their outcome stands.
    if (!updated) return (await tx.select().from(disputes).where(eq(disputes.id, opened.id)))[0] ?? opened;
    if (closes) {
      const [customer] = await tx.select().from(users).where(eq(users.id, opened.userId));
      if (customer) await tellDisputeOutcome(tx, deps, customer, updated, settled);
      await recordAudit(tx, deps.clock, {
        actorId: null,
        ip: null,
        action: "dispute.resolve",
        targetType: "transaction",
        targetId: opened.transactionId,
        before: { status: "open" },
        after: { status: updated.status, outcome: "requery", reason: messageOf(answer) },
      });
    }
    return updated;
  });
}
