import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import { users } from "../../db/schema";
import { daysBefore } from "../../lagosCalendar";
import { Refusal } from "../../refusal";
import { purchaseOfRequest } from "../idempotency";
import { purchaseRequest } from "../purchases/kinds/purchaseKinds";
import { type PurchaseDeps, placePurchase } from "../purchases/placePurchase";
import { claimDueRuns } from "./scheduleClaims";
import { purchaseKindOf, smartcardNow } from "./scheduleOrders";
import { runRequestId } from "./scheduleRequestIds";
import { moveRenewal, type RecordDeps, recordRun } from "./scheduleRunRecords";
import { periodDue, renewalTime } from "./scheduleTimes";
import type { ScheduleRow } from "./scheduleViews";

export type ScheduleDeps = PurchaseDeps &
  RecordDeps & { config: Pick<Config, "scheduleConcurrency" | "totpKey"> };

/** A run ends after this many tries that failed with no answer (a database fault), as skipped. */
const maxAttempts = 5;

/** The purchase an earlier placing of the period made, if any: its request id's. */
const purchaseOf = (deps: Pick<ScheduleDeps, "db">, row: ScheduleRow, requestId: string) =>
  purchaseOfRequest(deps.db, row.userId, requestId);

/**
 * Places a claimed schedule's due period as an ordinary purchase (limits, emergency mode, routing,
 * the customer's level), under the period's own request id: a purchase an earlier placing made is the
 * period's, pending or not (nothing is bought again); a refusal (balance, limit, product gone, sales
 * paused) skips the period; any other fault leaves it claimed, to be tried again once its lease runs
 * out. A renewal's smartcard is checked again first: one renewed elsewhere moves the run to its new date.
 */
export async function placeRun(deps: ScheduleDeps, row: ScheduleRow): Promise<void> {
  const period = periodDue(row, deps.clock.now());
  const requestId = runRequestId(row.id, period);
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!user) throw new Error(`schedule ${row.id} has no account`);
  const earlier = await purchaseOf(deps, row, requestId);
  if (earlier) return recordRun(deps, row, user, period, { transactionId: earlier });
  try {
    let order = row.order as Record<string, unknown>;
    if (row.kind === "tv_renewal") {
      const card = await smartcardNow(deps, order as { provider_id: number; smartcard: string });
      // Renewed elsewhere (or never due so soon): not yet its time, so the run moves to the card's date.
      if (daysBefore(card.dueDate, row.daysBefore ?? 1, renewalTime) > deps.clock.now())
        return moveRenewal(deps, row, card);
      // placePurchase checks the bouquet, its price, its route and the daily limit as for any purchase.
      order = { ...order, plan_id: card.planId };
    }
    const request = purchaseRequest(deps.db, purchaseKindOf[row.kind], order as never);
    const confirmation = { schedule: row.id, request_id: requestId, allow_duplicate: true };
    const bought = await placePurchase(deps, user, confirmation, request);
    await recordRun(deps, row, user, period, { transactionId: bought.id });
  } catch (error) {
    // Placed meanwhile by another try of the same period (its lease ran out while this one waited).
    const placed = await purchaseOf(deps, row, requestId);
    if (placed) return recordRun(deps, row, user, period, { transactionId: placed });
    if (error instanceof Refusal && error.code !== "request_in_progress")
      return recordRun(deps, row, user, period, { skipped: error.msg });
    if (row.attempts >= maxAttempts)
      return recordRun(deps, row, user, period, {
        skipped: "Something went wrong placing this purchase.",
      });
    throw error;
  }
}

/**
 * Places every due run this instance can claim, `perClaim` at a time in parallel, until none is left:
 * what tests run step by step, and what the running app's pump (schedulePump.ts) runs. Answers how many.
 */
export async function placeDueRuns(deps: ScheduleDeps, perClaim = deps.config.scheduleConcurrency) {
  let placed = 0;
  for (;;) {
    const claimed = await claimDueRuns(deps, perClaim);
    if (claimed.length === 0) return placed;
    const outcomes = await Promise.allSettled(claimed.map((row) => placeRun(deps, row)));
    for (const outcome of outcomes)
      if (outcome.status === "rejected")
        deps.logger.error(
          { err: outcome.reason },
          "placing a scheduled run failed; tried again after its lease",
        );
    placed += outcomes.filter((o) => o.status === "fulfilled").length;
    if (outcomes.every((o) => o.status === "rejected")) return placed;
  }
}
