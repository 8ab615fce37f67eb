import type { Clock } from "../../clock";
import type { Transaction } from "../../db/database";
import { type HouseAccount, ledgerEntries, ledgerTransactions } from "../../db/schema";

export type Account = { wallet: string } | { house: HouseAccount };
export interface Line {
  account: Account;
  /** Signed kobo: positive raises the account's balance. */
  amount: number;
}

export class UnbalancedLedger extends Error {}

/**
 * Writes one ledger transaction. Takes a database transaction, never the database: entries land
 * together with the change they pay for. The lines must sum to zero (the database checks again at
 * commit); wallet balances follow by trigger, and an overdraft is refused by the balance check.
 */
export async function postLedger(
  tx: Transaction,
  clock: Clock,
  kind: string,
  transactionId: string | null,
  lines: readonly Line[],
): Promise<void> {
  const moving = lines.filter((line) => line.amount !== 0);
  if (moving.some((line) => !Number.isSafeInteger(line.amount)))
    throw new UnbalancedLedger("amounts must be whole kobo");
  const sum = moving.reduce((total, line) => total + line.amount, 0);
  if (sum !== 0) throw new UnbalancedLedger(`${kind} is off by ${sum} kobo`);
  if (moving.length === 0) return;
  const now = clock.now();
  const [ledgerTxn] = await tx
    .insert(ledgerTransactions)
    .values({ kind, transactionId, createdAt: now })
    .returning({ id: ledgerTransactions.id });
  if (!ledgerTxn) throw new Error("ledger transaction was not written");
  await tx.insert(ledgerEntries).values(
    moving.map((line) => ({
      ledgerTransactionId: ledgerTxn.id,
      walletId: "wallet" in line.account ? line.account.wallet : null,
      houseAccount: "house" in line.account ? line.account.house : null,
      amount: line.amount,
      createdAt: now,
    })),
  );
}
