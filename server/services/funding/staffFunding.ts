import { eq } from "drizzle-orm";
import type { StaffFundBody } from "../../../schemas/wallet";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { transactions, users, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import { notFound, Refusal } from "../../refusal";
import { recordAudit } from "../audit";
import {
  AlreadyRequested,
  assertRequestNew,
  recordRequest,
  replayRequest,
  requestHash,
} from "../idempotency";
import { assertWithinBalanceLimit } from "../kyc/tierLimits";
import { postings } from "../ledger/postings";
import { assertSalesOpen } from "../purchases/purchaseRules";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";
import { payReferralBonus } from "./referralBonus";

type FundingDeps = { db: Database; clock: Clock; config: Pick<Config, "referral"> };

// Staff funding answers at once, so a retry is never "in flight" for long.
const fundingInFlightMs = 5_000;

/** Staff add money to a customer's wallet, with a reason; audited in the same transaction. */
export async function staffFund(
  deps: FundingDeps,
  staff: UserRow,
  customerId: string,
  body: StaffFundBody,
  ip: string | null,
): Promise<TransactionRow> {
  const hash = requestHash("staff_funding", {
    customer: customerId,
    amount: body.amount,
    reason: body.reason,
  });
  const earlier = await replayRequest(deps, staff.id, body.request_id, hash, fundingInFlightMs);
  if (earlier) return earlier;
  await assertSalesOpen(deps.db);
  const [customer] = await deps.db.select().from(users).where(eq(users.id, customerId));
  if (customer?.role !== "customer") throw notFound("No customer with that id.");
  if (!customer.isActive) throw new Refusal("not_allowed", "This customer's account is deactivated.");

  try {
    return await deps.db.transaction(async (tx) => {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, customer.id)).for("update");
      if (!wallet) throw notFound("This customer has no wallet.");
      await assertRequestNew(tx, staff.id, body.request_id);
      await assertWithinBalanceLimit(tx, customer, wallet.balance, body.amount, "staff");
      const now = deps.clock.now();
      const [txn] = await tx
        .insert(transactions)
        .values({
          reference: newReference("funding", now),
          userId: customer.id,
          walletId: wallet.id,
          kind: "funding",
          status: "successful",
          amount: body.amount,
          total: body.amount,
          description: `Funded by OjaPay staff: ${body.reason}`,
          balanceBefore: wallet.balance,
          balanceAfter: wallet.balance + body.amount,
          createdBy: staff.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!txn) throw new Error("the funding was not recorded");
      await recordRequest(tx, now, {
        userId: staff.id,
        requestId: body.request_id,
        scope: "staff_funding",
        hash,
        transactionId: txn.id,
        completed: true,
      });
      await postings.fund(tx, deps.clock, txn.id, wallet.id, body.amount, "staff_funding");
      await payReferralBonus(tx, deps.clock, deps.config.referral, customer.id, body.amount);
      await recordEvent(tx, deps.clock, txn.id, "successful", `Funded by staff: ${body.reason}`, staff.id);
      await recordAudit(tx, deps.clock, {
        actorId: staff.id,
        action: "wallet.fund",
        targetType: "user",
        targetId: customer.id,
        before: { balance: wallet.balance },
        after: {
          balance: wallet.balance + body.amount,
          amount: body.amount,
          reason: body.reason,
          reference: txn.reference,
        },
        ip,
      });
      return txn;
    });
  } catch (error) {
    if (!(error instanceof AlreadyRequested)) throw error;
    const first = await replayRequest(deps, staff.id, body.request_id, hash, fundingInFlightMs);
    if (!first) throw error;
    return first;
  }
}
