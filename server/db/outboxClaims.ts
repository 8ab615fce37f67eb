import { and, asc, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database } from "./database";
import type { mailOutbox, smsMessages } from "./schema";

/** The outboxes whose rows wait with `next_attempt_at` until sent (`sent_at`) or given up on. */
type OutboxTable = typeof mailOutbox | typeof smsMessages;

/**
 * Takes up to `limit` due rows of an outbox for this sender, oldest due first, in one transaction
 * (FOR UPDATE SKIP LOCKED, so instances claiming at once take different rows): each try is counted
 * and its next booked `leaseMs` on, so a sender that dies with it leaves it to another after that.
 */
export async function claimDueOutboxRows<T extends OutboxTable>(
  deps: { db: Database; clock: Clock },
  table: T,
  limit: number,
  leaseMs: number,
): Promise<T["$inferSelect"][]> {
  // Both tables share these columns; drizzle's builders do not take a union of tables, hence one view.
  const outbox = table as typeof mailOutbox;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.gaveUpAt), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning() as Promise<T["$inferSelect"][]>;
  });
}
