import { eq } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { transactions, wallets } from "../../db/schema";
import type { ProviderResult } from "../../providers/provider";
import { postings } from "../ledger/postings";
import { recordEvent, type TransactionRow } from "../transactions/transactionRecords";

export type SettleDeps = { db: Database; clock: Clock; config: Pick<Config, "requeryBaseDelayMs"> };

const maxDelayMs = 30 * 60_000;

/** When to ask the provider again: the base delay, doubling with each attempt, at most 30 minutes. */
export function requeryDelay(baseMs: number, attempts: number): number {
  return Math.min(maxDelayMs, baseMs * 2 ** Math.min(attempts, 20));
}

/**
 * Records the provider's answer in one database transaction. Only a pending purchase changes, so the
 * request that bought it and the requery worker can both try without settling twice. `failed` gives
 * the money back in the same transaction as the status change; `pending` just books the next requery.
 */
export async function settlePurchase(
  deps: SettleDeps,
  transactionId: string,
  result: ProviderResult,
): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (!row) throw new Error(`no transaction ${transactionId}`);
    if (row.status !== "pending") return row;
    const now = deps.clock.now();
    const providerReference = result.providerReference ?? row.providerReference;

    if (result.status === "successful") {
      await postings.deliver(tx, deps.clock, row.id, row.total, row.cost);
      await recordEvent(tx, deps.clock, row.id, "successful", "The provider delivered.");
      const [done] = await tx
        .update(transactions)
        .set({
          status: "successful",
          providerReference,
          token: result.token ?? null,
          nextRequeryAt: null,
          updatedAt: now,
        })
        .where(eq(transactions.id, row.id))
        .returning();
      return done as TransactionRow;
    }

    if (result.status === "failed") {
      await postings.release(tx, deps.clock, row.id, row.walletId, row.total);
      const [wallet] = await tx
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(eq(wallets.id, row.walletId));
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "failed",
        `The provider declined: ${result.reason} The money went back to the wallet.`,
      );
      const [done] = await tx
        .update(transactions)
        .set({
          status: "failed",
          failureReason: result.reason,
          providerReference,
          balanceAfter: wallet?.balance ?? row.balanceBefore,
          nextRequeryAt: null,
          updatedAt: now,
        })
        .where(eq(transactions.id, row.id))
        .returning();
      return done as TransactionRow;
    }

    // Still unknown (a timeout, an unclear answer): the money stays held until a requery settles it.
    const next = new Date(now.getTime() + requeryDelay(deps.config.requeryBaseDelayMs, row.requeryAttempts));
    const [waiting] = await tx
      .update(transactions)
      .set({ providerReference, nextRequeryAt: next, updatedAt: now })
      .where(eq(transactions.id, row.id))
      .returning();
    return waiting as TransactionRow;
  });
}
