import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { purchaseKinds } from "../../../schemas/transactions";
import { transactions } from "../../db/schema";
import type { ProviderOrder } from "../../providers/provider";
import { askProvider } from "./askProvider";
import type { PurchaseDeps } from "./placePurchase";
import { requeryDelay, settlePurchase } from "./settlePurchase";

/**
 * Settles pending purchases whose requery time has come: claims a batch with FOR UPDATE SKIP LOCKED
 * and books each one's next requery in the same short transaction (so another instance skips them),
 * asks the provider outside any transaction, and settles each answer. Answers how many it asked about.
 */
export async function requeryDue(deps: PurchaseDeps, batchSize = 20): Promise<number> {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.status, "pending"),
          inArray(transactions.kind, [...purchaseKinds]),
          lte(transactions.nextRequeryAt, now),
        ),
      )
      .orderBy(asc(transactions.nextRequeryAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    for (const row of due) {
      const attempts = row.requeryAttempts + 1;
      await tx
        .update(transactions)
        .set({
          requeryAttempts: attempts,
          nextRequeryAt: new Date(now.getTime() + requeryDelay(deps.config.requeryBaseDelayMs, attempts)),
        })
        .where(eq(transactions.id, row.id));
    }
    return due.map((row) => ({ ...row, requeryAttempts: row.requeryAttempts + 1 }));
  });

  for (const row of claimed) {
    const answer = await askProvider(
      () => deps.provider.requery(row.reference, row.order as ProviderOrder, row.requeryAttempts),
      deps.config.providerTimeoutMs,
      deps.logger,
      row.reference,
    );
    await settlePurchase(deps, row.id, answer);
  }
  return claimed.length;
}

/** Runs requeryDue every `intervalMs` until stopped; one run at a time, errors logged and survived. */
export function startRequeryWorker(deps: PurchaseDeps, intervalMs: number) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await requeryDue(deps);
    } catch (error) {
      deps.logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        "requery run failed",
      );
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
