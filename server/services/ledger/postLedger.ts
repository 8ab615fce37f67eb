import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Transaction } from "../../db/database";
import { wholeJsonRow } from "../../db/jsonRows";
import { type HouseAccount, ledgerEntries, ledgerTransactions } from "../../db/schema";

export type Account = { wallet: string } | { house: HouseAccount };
export interface Line {
  account: Account;
  /** Signed kobo: positive raises the account's balance. */
  amount: number;
}

/** A named movement of money: the ledger transaction's kind and its lines. */
export interface Posting {
  kind: string;
  lines: readonly Line[];
}

export class UnbalancedLedger extends Error {}

/** The lines that move money, once checked to be whole kobo summing to zero. */
export function movingLines({ kind, lines }: Posting): Line[] {
  const moving = lines.filter((line) => line.amount !== 0);
  if (moving.some((line) => !Number.isSafeInteger(line.amount)))
    throw new UnbalancedLedger("amounts must be whole kobo");
  const sum = moving.reduce((total, line) => total + line.amount, 0);
  if (sum !== 0) throw new UnbalancedLedger(`${kind} is off by ${sum} kobo`);
  return moving;
}

/** The rows a posting writes: its ledger transaction and entries (null when nothing moves). */
export function ledgerRows(clock: Clock, transactionId: string | null, posting: Posting) {
  const moving = movingLines(posting);
  if (moving.length === 0) return null;
  const now = clock.now();
  // The id is made here, so the entries can name it in the same statement that writes it.
  const ledgerTransaction = { id: randomUUID(), kind: posting.kind, transactionId, createdAt: now };
  const entries = moving.map((line) => ({
    ledgerTransactionId: ledgerTransaction.id,
    walletId: "wallet" in line.account ? line.account.wallet : null,
    houseAccount: "house" in line.account ? line.account.house : null,
    amount: line.amount,
    createdAt: now,
  }));
  return { ledgerTransaction, entries };
}

/**
 * A posting's rows as `post_ledger` takes them (db/functions/ledger.sql, the ledger's one writer): each
 * whole, keyed by column. A statement that writes a posting with other rows passes these on.
 */
export function ledgerJson(rows: NonNullable<ReturnType<typeof ledgerRows>>) {
  return {
    ledger_transaction: wholeJsonRow(ledgerTransactions, rows.ledgerTransaction),
    entries: rows.entries.map((entry) => wholeJsonRow(ledgerEntries, entry)),
  };
}

/**
 * Writes one ledger transaction and its entries, in one statement. Takes a database transaction, never
 * the database: entries land together with the change they pay for. The lines must sum to zero (the
 * database checks again at commit); wallet balances follow by trigger, and an overdraft is refused by
 * the balance check.
 */
export async function postLedger(
  tx: Transaction,
  clock: Clock,
  kind: string,
  transactionId: string | null,
  lines: readonly Line[],
): Promise<void> {
  const call = ledgerPosting(clock, transactionId, { kind, lines });
  if (call) await tx.execute(sql`select ${call}`);
}

/** The call of `post_ledger` that writes a posting, for a statement of the caller's; null when nothing moves. */
export function ledgerPosting(clock: Clock, transactionId: string | null, posting: Posting): SQL | null {
  const rows = ledgerRows(clock, transactionId, posting);
  if (!rows) return null;
  const json = ledgerJson(rows);
  return sql`post_ledger(${JSON.stringify(json.ledger_transaction)}::jsonb, ${JSON.stringify(json.entries)}::jsonb)`;
}
