import { and, eq } from "drizzle-orm";
import type { DisputeBody } from "../../../schemas/disputes";
import { purchaseKinds } from "../../../schemas/transactions";
import type { Config } from "../../config";
import { isUniqueViolation } from "../../db/errors";
import { disputes, transactions, users } from "../../db/schema";
import type { ProviderResult } from "../../outside/provider";
import { notFound, Refusal } from "../../refusal";
import { recordAudit, recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { askAgain } from "../purchases/requeryWorker";
import type { SettleDeps } from "../purchases/settlePurchase";
import { settlePurchase } from "../purchases/settlePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import { tellDisputeOutcome } from "./disputeNews";
import { customerDisputeView, type DisputeRow, disputeDeadlineMs, disputeWindowMs } from "./disputeViews";

/** A purchase's deps, and the outboxes that send the outcome's mail and SMS at once. */
export type DisputeDeps = PurchaseDeps & Pick<SettleDeps, "outbox" | "sms"> & { config: Pick<Config, "sms"> };

const moneyBack = new Set<TransactionRow["status"]>(["failed", "reversed", "refunded"]);

function assertDisputable(row: TransactionRow, now: Date) {
  if (!(purchaseKinds as readonly string[]).includes(row.kind))
    throw new Refusal("not_allowed", "Only a purchase can be reported.");
  if (moneyBack.has(row.status))
    throw new Refusal(
      "not_allowed",
      "This purchase's money has already gone back to your wallet: there is nothing to report.",
    );
  if (now.getTime() - row.createdAt.getTime() > disputeWindowMs)
    throw new Refusal(
      "not_allowed",
      "A problem can be reported within 30 days of the purchase; this one is older. Contact support instead.",
    );
}

/**
 * "Report a problem" on a purchase: the dispute is recorded (one open per purchase, by the database),
 * then its provider is asked again at once, outside any transaction. An answer that it failed or was
 * reversed settles the purchase the usual way (money back, once) and closes the dispute; any other
 * answer is kept with it for staff, whose queue it joins.
 */
export async function openDispute(deps: DisputeDeps, actor: Actor, transactionId: string, body: DisputeBody) {
  const [row] = await deps.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, actor.user.id)));
  if (!row) throw notFound("No purchase with that id.");
  const now = deps.clock.now();
  assertDisputable(row, now);
  let opened: DisputeRow;
  try {
    opened = await deps.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(disputes)
        .values({
          transactionId,
          userId: actor.user.id,
          reason: body.reason,
          details: body.details,
          status: "open",
          openedAt: now,
          deadline: new Date(now.getTime() + disputeDeadlineMs),
        })
        .returning();
      if (!made) throw new Error("the dispute was not recorded");
      await recordAuditBy(tx, deps.clock, actor, {
        action: "dispute.open",
        targetType: "transaction",
        targetId: transactionId,
        before: { status: row.status },
        after: { reason: body.reason, details: body.details },
      });
      return made;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new Refusal(
      "already_exists",
      "You have already reported this purchase: staff are looking into it.",
    );
  }
  const answered = await requeryFor(deps, row);
  const current = answered ? await attachAnswer(deps, opened, answered) : opened;
  // Its outcome's mail and SMS are in their outboxes: sent now, not at the background work's next run.
  if (current.status !== "open") {
    deps.outbox?.kick();
    deps.sms?.kick();
  }
  return customerDisputeView(current);
}

/** The provider's answer now and the purchase as it settled; null when the provider could not be asked. */
async function requeryFor(deps: PurchaseDeps, row: TransactionRow) {
  if (!row.provider || !deps.providers.has(row.provider)) return null;
  try {
    const answer = await askAgain(deps, row);
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
