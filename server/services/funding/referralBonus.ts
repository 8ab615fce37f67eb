import { eq } from "drizzle-orm";
import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Transaction } from "../../db/database";
import { referralBonuses, transactions, users, wallets } from "../../db/schema";
import { postings } from "../ledger/postings";
import { newReference, recordEvent } from "../transactions/transactionRecords";

/**
 * Called in the same database transaction that credits a customer's funding. When this is the
 * customer's first funding of at least the minimum and someone referred them, the referrer is paid
 * the bonus. The referral_bonuses row's key (the referred customer) makes it happen exactly once.
 */
export async function payReferralBonus(
  tx: Transaction,
  clock: Clock,
  rules: Config["referral"],
  fundedUserId: string,
  fundedAmount: number,
): Promise<void> {
  if (rules.bonus <= 0 || fundedAmount < rules.minFunding) return;
  const [funded] = await tx.select().from(users).where(eq(users.id, fundedUserId));
  if (!funded?.referredBy) return;
  const [already] = await tx
    .select()
    .from(referralBonuses)
    .where(eq(referralBonuses.referredUserId, funded.id))
    .limit(1);
  if (already) return;
  const [referrerWallet] = await tx
    .select()
    .from(wallets)
    .where(eq(wallets.userId, funded.referredBy))
    .for("update");
  if (!referrerWallet) return; // a referrer who became staff holds no wallet to pay into

  const now = clock.now();
  const [bonus] = await tx
    .insert(transactions)
    .values({
      reference: newReference("bonus", now),
      userId: funded.referredBy,
      walletId: referrerWallet.id,
      kind: "bonus",
      status: "successful",
      amount: rules.bonus,
      total: rules.bonus,
      description: `Referral bonus: ${funded.firstName} ${funded.lastName} joined and funded their wallet`,
      balanceBefore: referrerWallet.balance,
      balanceAfter: referrerWallet.balance + rules.bonus,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: transactions.id });
  if (!bonus) throw new Error("the bonus was not recorded");
  const claimed = await tx
    .insert(referralBonuses)
    .values({
      referredUserId: funded.id,
      referrerId: funded.referredBy,
      amount: rules.bonus,
      transactionId: bonus.id,
      paidAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: referralBonuses.referredUserId });
  if (claimed.length === 0) throw new Error("referral bonus already paid");
  await postings.bonus(tx, clock, bonus.id, referrerWallet.id, rules.bonus);
  await recordEvent(tx, clock, bonus.id, "successful", `${formatNaira(rules.bonus)} referral bonus paid.`);
}
