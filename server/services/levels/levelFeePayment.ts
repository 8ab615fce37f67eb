import { eq } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Transaction } from "../../db/database";
import { type priceLevels, transactions, users, type wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import { recordRequest } from "../idempotency";
import { postings } from "../ledger/postings";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";

/** What paying a level's fee needs, once the wallet is locked and the level and balance are checked. */
export interface PaidFee {
  wallet: typeof wallets.$inferSelect;
  level: typeof priceLevels.$inferSelect;
  requestId: string;
  hash: string;
  scope: string;
}

/**
 * The writes of an upgrade, inside its database transaction: the `level_upgrade` transaction (a
 * free level's too, at ₦0, so the request id has a transaction to answer and the history shows the
 * change), the request id pointing at it, the fee posted wallet → revenue, the level set.
 */
export async function payLevelFee(
  tx: Transaction,
  clock: Clock,
  user: UserRow,
  fee: PaidFee,
): Promise<TransactionRow> {
  const now = clock.now();
  const amount = fee.level.upgradeFee;
  const description = `Upgrade to ${fee.level.name}`;
  const [txn] = await tx
    .insert(transactions)
    .values({
      reference: newReference("level_upgrade", now),
      userId: user.id,
      walletId: fee.wallet.id,
      kind: "level_upgrade",
      status: "successful",
      amount,
      total: amount,
      description,
      product: fee.level.name,
      balanceBefore: fee.wallet.balance,
      balanceAfter: fee.wallet.balance - amount,
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!txn) throw new Error("the upgrade was not recorded");
  await recordRequest(tx, now, {
    userId: user.id,
    requestId: fee.requestId,
    scope: fee.scope,
    hash: fee.hash,
    transactionId: txn.id,
    completed: true,
  });
  await postings.levelUpgrade(tx, clock, txn.id, fee.wallet.id, amount);
  await tx.update(users).set({ priceLevel: fee.level.slug, updatedAt: now }).where(eq(users.id, user.id));
  await recordEvent(tx, clock, txn.id, "successful", `Level set to ${fee.level.name}.`);
  return txn;
}
