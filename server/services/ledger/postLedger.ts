import { randomUUID } from "node:crypto";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Clock } from "../../clock";
import type { Queryable, Transaction } from "../../db/database";
import { writeStep } from "../../db/oneStatement";
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
 * A posting as the writes of a larger statement (`db.with(...writes)`): the ledger transaction and its
 * entries, written by the same round trip as the change they pay for. None when nothing moves.
 */
export function ledgerWrites(tx: Transaction, clock: Clock, transactionId: string | null, posting: Posting) {
  const rows = ledgerRows(clock, transactionId, posting);
  return rows ? ledgerRowWrites(tx, rows) : [];
}

type LedgerTransactionValues = PgInsertValue<typeof ledgerTransactions>;
type LedgerEntryValues = PgInsertValue<typeof ledgerEntries>;

/** `ledgerWrites` of rows already made (or of placeholders standing for them). */
export function ledgerRowWrites(
  tx: Queryable,
  rows: { ledgerTransaction: LedgerTransactionValues; entries: LedgerEntryValues[] },
) {
  return [
    writeStep(tx, "ledger_transaction_written", tx.insert(ledgerTransactions).values(rows.ledgerTransaction)),
    writeStep(tx, "ledger_entries_written", tx.insert(ledgerEntries).values(rows.entries)),
  ];
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
  const rows = ledgerRows(clock, transactionId, { kind, lines });
  if (!rows) return;
  await tx
    .with(
      writeStep(
        tx,
        "ledger_transaction_written",
        tx.insert(ledgerTransactions).values(rows.ledgerTransaction),
      ),
    )
    .insert(ledgerEntries)
    .values(rows.entries);
}
