import { and, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { apiKeys, bulkBatches, bulkRows, users } from "../../db/schema";
import { Refusal } from "../../refusal";
import { purchaseOfRequest } from "../idempotency";
import type { PurchaseKey } from "../purchases/keyHold";
import { purchaseRequest } from "../purchases/kinds/purchaseKinds";
import { type AnyConfirmation, type PurchaseDeps, placePurchase } from "../purchases/placePurchase";
import { KeyCall } from "../resellers/keyCall";
import { type ClaimedRow, claimRows } from "./bulkClaims";

export type BulkDeps = PurchaseDeps & { config: Pick<Config, "bulkConcurrency"> };

/** A row ends a placing try after this many tries that failed with no answer (a database fault). */
const maxAttempts = 5;

/** The purchase an earlier placing of the row made, if any: its request id's. */
const purchaseOf = (deps: Pick<BulkDeps, "db">, row: ClaimedRow) =>
  purchaseOfRequest(deps.db, row.batch.userId, row.requestId);

/** Records the row's outcome: its purchase, or why it could not be placed; then the batch's end if it was the last. */
async function settleRow(
  deps: Pick<BulkDeps, "db" | "clock">,
  row: ClaimedRow,
  outcome: { transactionId: string } | { refusal: string },
) {
  const now = deps.clock.now();
  const here = and(eq(bulkRows.batchId, row.batchId), eq(bulkRows.row, row.row));
  if ("transactionId" in outcome) {
    await deps.db
      .update(bulkRows)
      .set({ transactionId: outcome.transactionId, refusal: null, placedAt: now, leaseUntil: null })
      .where(here);
  } else {
    await deps.db
      .update(bulkRows)
      .set({ refusal: outcome.refusal, placedAt: now, leaseUntil: null })
      .where(and(here, isNull(bulkRows.transactionId)));
  }
  await deps.db
    .update(bulkBatches)
    .set({ finishedAt: now })
    .where(
      and(
        eq(bulkBatches.id, row.batchId),
        isNull(bulkBatches.finishedAt),
        sql`not exists (select from ${bulkRows} where ${bulkRows.batchId} = ${row.batchId} and ${bulkRows.placedAt} is null)`,
      ),
    );
}

/** How the row's purchase is confirmed: its batch's PIN, or the key a program started it with. */
async function confirmationOf(
  deps: Pick<BulkDeps, "db" | "clock">,
  row: ClaimedRow,
): Promise<AnyConfirmation> {
  const common = { request_id: row.requestId, allow_duplicate: true };
  if (!row.batch.apiKeyId) return { ...common, batch: row.batchId };
  const [key] = await deps.db.select().from(apiKeys).where(eq(apiKeys.id, row.batch.apiKeyId));
  if (!key) throw new Refusal("invalid_key", "The API key that started this batch is gone.");
  // The batch's call was counted when it was started; its rows' holds count none.
  const purchaseKey: PurchaseKey = {
    id: key.id,
    dailyCap: key.dailyCap,
    dialect: "v1",
    call: new KeyCall(deps, key, true),
  };
  const asked = {
    kind: row.batch.kind,
    ...(row.order as object),
    request_id: row.requestId,
    batch_id: row.batchId,
  };
  return { ...common, key: purchaseKey, asked, batch: row.batchId };
}

/**
 * Places one claimed row as an ordinary purchase, under the row's own request id: a purchase an
 * earlier placing made is the row's (nothing is bought again); a refusal (the wallet ran out, the
 * plan was switched off, sales paused) is the row's outcome, with nothing charged; any other fault
 * leaves the row claimed, to be tried again once its lease runs out.
 */
export async function placeRow(deps: BulkDeps, row: ClaimedRow): Promise<void> {
  const earlier = await purchaseOf(deps, row);
  if (earlier) return settleRow(deps, row, { transactionId: earlier });
  try {
    const [user] = await deps.db.select().from(users).where(eq(users.id, row.batch.userId));
    if (!user) throw new Refusal("forbidden", "This account is gone.");
    const request = purchaseRequest(deps.db, row.batch.kind, row.order as never);
    const bought = await placePurchase(deps, user, await confirmationOf(deps, row), request);
    await settleRow(deps, row, { transactionId: bought.id });
  } catch (error) {
    // Placed meanwhile by another try of the same row (its lease ran out while this one waited).
    const placed = await purchaseOf(deps, row);
    if (placed) return settleRow(deps, row, { transactionId: placed });
    if (error instanceof Refusal && error.code !== "request_in_progress")
      return settleRow(deps, row, { refusal: error.msg });
    if (row.attempts >= maxAttempts)
      return settleRow(deps, row, {
        refusal: "Something went wrong placing this purchase; nothing was charged.",
      });
    throw error;
  }
}

/**
 * Places every queued row this instance can claim, `perClaim` at a time in parallel, until none is
 * left: what tests run step by step; the running app uses the pump (bulkPump.ts). Answers how many.
 */
export async function placeQueuedRows(
  deps: BulkDeps,
  perClaim = deps.config.bulkConcurrency,
): Promise<number> {
  let placed = 0;
  for (;;) {
    const claimed = await claimRows(deps, perClaim);
    if (claimed.length === 0) return placed;
    const outcomes = await Promise.allSettled(claimed.map((row) => placeRow(deps, row)));
    const failed = outcomes.find((o) => o.status === "rejected");
    if (failed) throw failed.reason;
    placed += claimed.length;
  }
}
