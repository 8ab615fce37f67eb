import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Transaction } from "../../db/database";
import { ledgerTransactions, transactions, wallets } from "../../db/schema";
import type { ProviderResult } from "../../providers/provider";
import { noticeToCustomer } from "../customerNotices";
import { postings } from "../ledger/postings";
import { clearProviderAlerts, raiseProviderAlert } from "../providerAlerts";
import { recordEvent, type TransactionRow } from "../transactions/transactionRecords";

export type SettleDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "requeryBaseDelayMs">;
  logger: Pick<Logger, "error" | "warn">;
};

/** Who brought the answer: the purchase itself, the requery worker, a provider webhook, or staff. */
export type SettleSource = "purchase" | "requery" | "webhook" | "staff";

const maxDelayMs = 30 * 60_000;

/**
 * How long after a purchase a provider that has no record of it at all (VTpass `015`) is believed:
 * our call to it gave up long before, so it can no longer arrive and be delivered.
 */
export const unknownRequestAfterMs = 30 * 60_000;

/** When to ask the provider again: the base delay, doubling with each attempt, at most 30 minutes. */
export function requeryDelay(baseMs: number, attempts: number): number {
  return Math.min(maxDelayMs, baseMs * 2 ** Math.min(attempts, 20));
}

type Update = Partial<typeof transactions.$inferInsert>;

async function finish(tx: Transaction, row: TransactionRow, set: Update, now: Date) {
  const [done] = await tx
    .update(transactions)
    .set({ ...set, updatedAt: now })
    .where(eq(transactions.id, row.id))
    .returning();
  return done as TransactionRow;
}

async function balanceOf(tx: Transaction, walletId: string) {
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return wallet?.balance ?? 0;
}

async function alreadyReversed(tx: Transaction, id: string) {
  const [found] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.transactionId, id), eq(ledgerTransactions.kind, "purchase_reversed")))
    .limit(1);
  return Boolean(found);
}

/**
 * Records the provider's answer in one database transaction, with the money it moves. A pending
 * purchase becomes successful, failed (money back) or reversed (money back); a delivered one can
 * still be reversed by the provider (money back, once). Anything else is left as it is, so the
 * purchase, the requery worker, a webhook and staff can all bring answers without settling twice.
 */
export async function settlePurchase(
  deps: SettleDeps,
  transactionId: string,
  answer: ProviderResult,
  source: SettleSource,
): Promise<TransactionRow> {
  let result = answer;
  const settled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (!row) throw new Error(`no transaction ${transactionId}`);
    const now = deps.clock.now();
    const providerReference = result.providerReference ?? row.providerReference;
    const said = result.note ? ` (${result.note})` : "";

    if (
      row.status === "pending" &&
      result.status === "pending" &&
      result.unknownRequest &&
      now.getTime() - row.createdAt.getTime() >= unknownRequestAfterMs
    ) {
      result = {
        status: "failed",
        reason: "The provider has no record of this purchase, so nothing was charged.",
      };
    }

    if (row.status === "pending" && result.status === "successful") {
      await postings.deliver(tx, deps.clock, row.id, row.total, row.cost);
      await clearProviderAlerts(tx);
      await recordEvent(tx, deps.clock, row.id, "successful", `The provider delivered.${said}`);
      return finish(
        tx,
        row,
        {
          status: "successful",
          providerReference,
          token: result.token ?? null,
          units: result.units ?? null,
          nextRequeryAt: null,
        },
        now,
      );
    }

    if (row.status === "pending" && result.status === "failed") {
      await postings.release(tx, deps.clock, row.id, row.walletId, row.total);
      if (result.alert) await raiseProviderAlert(tx, deps.clock, result.alert, result.note ?? result.reason);
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "failed",
        `The provider declined: ${result.reason} The money went back to the wallet.${said}`,
      );
      return finish(
        tx,
        row,
        {
          status: "failed",
          failureReason: result.reason,
          providerReference,
          balanceAfter: await balanceOf(tx, row.walletId),
          nextRequeryAt: null,
        },
        now,
      );
    }

    if (result.status === "reversed" && (row.status === "pending" || row.status === "successful")) {
      if (row.status === "pending")
        await postings.reverseHeld(tx, deps.clock, row.id, row.walletId, row.total);
      else await postings.reverseDelivered(tx, deps.clock, row.id, row.walletId, row.total, row.cost);
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "reversed",
        `The provider reversed this purchase; ${formatNaira(row.total)} went back to the wallet.${said}`,
      );
      await noticeToCustomer(tx, deps.clock, row.userId, {
        title: "A purchase was reversed",
        body: `The provider reversed ${row.description} (${row.reference}). ${formatNaira(row.total)} is back in your wallet.`,
      });
      return finish(
        tx,
        row,
        {
          status: "reversed",
          failureReason: result.reason,
          providerReference,
          balanceAfter: await balanceOf(tx, row.walletId),
          nextRequeryAt: null,
        },
        now,
      );
    }

    if (result.status === "reversed" && row.status === "refunded" && !(await alreadyReversed(tx, row.id))) {
      // Staff had already given the customer their money; the provider's reversal only corrects our books.
      await postings.reverseRefunded(tx, deps.clock, row.id, row.total, row.cost);
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "refunded",
        `The provider reversed this refunded purchase.${said}`,
      );
      return row;
    }

    if (row.status !== "pending") return row;

    // Still unknown (a timeout, an unclear answer): the money stays held until a requery settles it.
    if (result.status === "pending" && result.alert)
      await raiseProviderAlert(tx, deps.clock, result.alert, result.note ?? "VTpass refused our keys");
    if (source === "purchase") {
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "pending",
        `Sent to the provider; no final answer yet, so the money stays held.${said}`,
      );
    }
    const next = new Date(now.getTime() + requeryDelay(deps.config.requeryBaseDelayMs, row.requeryAttempts));
    return finish(tx, row, { providerReference, nextRequeryAt: next }, now);
  });

  if (result.status === "failed" && result.alert) {
    // Nothing will sell until someone fixes the account: loud in the log, and on the staff dashboard.
    deps.logger.error(
      { alert: result.alert, reference: settled.reference, provider: result.note },
      "the provider refused our account; the customer was refunded",
    );
  }
  return settled;
}
