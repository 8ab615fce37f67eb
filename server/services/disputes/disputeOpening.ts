import { and, eq } from "drizzle-orm";
import type { DisputeBody } from "../../../schemas/disputes";
import { disputeWindowMs } from "../../../schemas/disputeView";
import { purchaseKinds } from "../../../schemas/transactions";
import type { Config } from "../../config";
import type { Queryable } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { disputes, transactions } from "../../db/schema";
import { notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import type { PurchaseDeps } from "../purchases/placePurchase";
import type { SettleDeps } from "../purchases/settlePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import { requeryDisputed } from "./disputeRequery";
import { customerDisputeView, type DisputeRow, disputeDeadlineMs, wasRedelivered } from "./disputeViews";

/** A purchase's deps, and the outboxes that send the outcome's mail and SMS at once. */
export type DisputeDeps = PurchaseDeps & Pick<SettleDeps, "outbox" | "sms"> & { config: Pick<Config, "sms"> };

const moneyBack = new Set<TransactionRow["status"]>(["failed", "reversed", "refunded"]);

async function assertDisputable(db: Queryable, row: TransactionRow, now: Date) {
  if (!(purchaseKinds as readonly string[]).includes(row.kind))
    throw new Refusal("not_allowed", "Only a purchase can be reported.");
  // Its refund would pay the wallet for money the business paid.
  if (row.paidByHouse)
    throw new Refusal(
      "not_allowed",
      "This was sent again at OjaPay's cost; contact support if it did not arrive.",
    );
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
  if (await wasRedelivered(db, row.id))
    throw new Refusal(
      "not_allowed",
      "This purchase was already sent again at OjaPay's cost; contact support if it did not arrive.",
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
  await assertDisputable(deps.db, row, now);
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
  const current = await requeryDisputed(deps, row, opened);
  // Its outcome's mail and SMS are in their outboxes: sent now, not at the background work's next run.
  if (current.status !== "open") {
    deps.outbox?.kick();
    deps.sms?.kick();
  }
  return customerDisputeView(current);
}
