import { and, asc, eq, lte, type SQL } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { transactions } from "../../db/schema";
import { requeryDelay } from "../purchases/settlePurchase";
import type { TransactionRow } from "./transactionRecords";

/**
 * Claims pending transactions whose time to be asked about has come: FOR UPDATE SKIP LOCKED, and the
 * next time booked (backing off from `baseDelayMs`) in the same short transaction, so another
 * instance running the same worker skips them. The caller asks outside any transaction.
 */
export async function claimDueTransactions(
  deps: { db: Database; clock: Clock },
  which: SQL | undefined,
  baseDelayMs: number,
  batchSize: number,
): Promise<TransactionRow[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.status, "pending"), which, lte(transactions.nextRequeryAt, now)))
      .orderBy(asc(transactions.nextRequeryAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    for (const row of due) {
      const attempts = row.requeryAttempts + 1;
      await tx
        .update(transactions)
        .set({
          requeryAttempts: attempts,
          nextRequeryAt: new Date(now.getTime() + requeryDelay(baseDelayMs, attempts)),
        })
        .where(eq(transactions.id, row.id));
    }
    return due;
  });
}
