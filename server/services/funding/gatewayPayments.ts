import { and, eq } from "drizzle-orm";
import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Transaction } from "../../db/database";
import { dedicatedAccounts, gatewayEvents, transactions, wallets } from "../../db/schema";
import type { GatewayPayment } from "../../outside/gateway";
import { recordAudit } from "../audit";
import { postings } from "../ledger/postings";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";
import { payReferralBonus } from "./referralBonus";

export type PaymentDeps = { db: Database; clock: Clock; config: Pick<Config, "referral"> };

/** How we came to know of a payment. Only reconciliation is audited: it credits what nobody told us of. */
export type PaymentSource =
  | { how: "webhook"; eventId: string }
  | { how: "verify" }
  | { how: "reconciliation"; actorId: string | null };

export type PaymentOutcome =
  | "credited"
  | "already_credited"
  | "duplicate_event"
  | "not_paid"
  | "unknown_reference"
  | "amount_mismatch";

export interface Applied {
  outcome: PaymentOutcome;
  transaction?: TransactionRow;
}

const mismatchPrefix = "The gateway reported";

/**
 * Credits a payment the gateway reports as successful, exactly once, in one database transaction
 * with its ledger posting: a card checkout of ours (matched by our reference, and only for the
 * amount and currency we asked for), or a transfer into a customer's dedicated account (matched by
 * the account). However often and by however many paths (webhook, verify, reconciliation) the same
 * payment arrives, the gateway's id for it can credit one funding only (a unique index says so too).
 */
/** One way a payment may come to credit a funding; each answers what became of it. */
type PaymentApplier = (
  tx: Transaction,
  deps: PaymentDeps,
  gateway: string,
  payment: GatewayPayment,
  source: PaymentSource,
) => Promise<Applied>;

export async function applyGatewayPayment(
  deps: PaymentDeps,
  gateway: string,
  payment: GatewayPayment,
  source: PaymentSource,
): Promise<Applied> {
  return deps.db.transaction(async (tx) => {
    if (source.how === "webhook") {
      const [fresh] = await tx
        .insert(gatewayEvents)
        .values({
          gateway,
          eventId: source.eventId,
          reference: payment.reference,
          outcome: "received",
          receivedAt: deps.clock.now(),
        })
        .onConflictDoNothing()
        .returning({ eventId: gatewayEvents.eventId });
      if (!fresh) return { outcome: "duplicate_event" };
    }
    const applied = await apply(tx, deps, gateway, payment, source);
    if (source.how === "webhook") {
      await tx
        .update(gatewayEvents)
        .set({ outcome: applied.outcome })
        .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, source.eventId)));
    }
    return applied;
  });
}

const apply: PaymentApplier = async (tx, deps, gateway, payment, source) => {
  if (payment.status !== "successful") return { outcome: "not_paid" };
  const [credited] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.kind, "funding"),
        eq(transactions.provider, gateway),
        eq(transactions.providerReference, payment.id),
      ),
    )
    .limit(1);
  if (credited) return { outcome: "already_credited", transaction: credited };

  const [ours] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.reference, payment.reference))
    .for("update");
  if (ours?.kind === "funding" && ours.provider === gateway)
    return creditCheckout(tx, deps, ours, payment, source);
  if (ours) return { outcome: "unknown_reference" };
  return creditTransfer(tx, deps, gateway, payment, source);
};

/** A card (or checkout transfer) payment for a funding we opened: only the amount we asked for. */
async function creditCheckout(
  tx: Transaction,
  deps: PaymentDeps,
  funding: TransactionRow,
  payment: GatewayPayment,
  source: PaymentSource,
): Promise<Applied> {
  if (funding.status === "successful") return { outcome: "already_credited", transaction: funding };
  if (payment.currency !== "NGN" || payment.amount !== funding.amount) {
    // Never credit another amount than the customer asked to pay; staff look at these by hand.
    if (!funding.failureReason?.startsWith(mismatchPrefix)) {
      const reason = `${mismatchPrefix} ${payment.currency} ${formatNaira(payment.amount)}, not ${formatNaira(funding.amount)}; not credited. Staff will look into it.`;
      await recordEvent(tx, deps.clock, funding.id, "failed", reason);
      await tx
        .update(transactions)
        .set({ status: "failed", failureReason: reason, nextRequeryAt: null, updatedAt: deps.clock.now() })
        .where(eq(transactions.id, funding.id));
    }
    return { outcome: "amount_mismatch" };
  }
  // A funding marked failed only because nobody paid in time is still paid when the money comes.
  const late = funding.status === "failed" ? " after the checkout had expired" : "";
  const transaction = await credit(tx, deps, funding, payment, `received from the gateway${late}`, source);
  return { outcome: "credited", transaction };
}

/** A bank transfer into a customer's dedicated account: a new funding for whatever arrived. */
const creditTransfer: PaymentApplier = async (tx, deps, gateway, payment, source) => {
  if (!payment.receiverAccount && !payment.customerCode) return { outcome: "unknown_reference" };
  const [account] = await tx
    .select()
    .from(dedicatedAccounts)
    .where(
      and(
        eq(dedicatedAccounts.gateway, gateway),
        payment.receiverAccount
          ? eq(dedicatedAccounts.accountNumber, payment.receiverAccount)
          : eq(dedicatedAccounts.customerCode, payment.customerCode as string),
      ),
    )
    .limit(1);
  if (!account) return { outcome: "unknown_reference" };
  if (payment.currency !== "NGN" || payment.amount <= 0) return { outcome: "amount_mismatch" };
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, account.userId));
  if (!wallet) return { outcome: "unknown_reference" };
  const now = deps.clock.now();
  const [created] = await tx
    .insert(transactions)
    .values({
      reference: newReference("funding", now),
      userId: account.userId,
      walletId: wallet.id,
      kind: "funding",
      status: "pending",
      amount: payment.amount,
      total: payment.amount,
      description: `Bank transfer to your ${account.bankName} account ${account.accountNumber}${payment.sender ? ` from ${payment.sender}` : ""}`,
      provider: gateway,
      providerReference: payment.id,
      createdAt: payment.paidAt && payment.paidAt < now ? payment.paidAt : now,
      updatedAt: now,
    })
    // Another path crediting the same payment at this very moment: the unique index lets one win.
    .onConflictDoNothing()
    .returning();
  if (!created) return { outcome: "already_credited" };
  const transaction = await credit(tx, deps, created, payment, "received by bank transfer", source);
  return { outcome: "credited", transaction };
};

async function credit(
  tx: Transaction,
  deps: PaymentDeps,
  funding: TransactionRow,
  payment: GatewayPayment,
  how: string,
  source: PaymentSource,
): Promise<TransactionRow> {
  const { clock } = deps;
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, funding.walletId))
    .for("update");
  const before = wallet?.balance ?? 0;
  await postings.fund(tx, clock, funding.id, funding.walletId, funding.amount, "gateway_clearing");
  await payReferralBonus(tx, clock, deps.config.referral, funding.userId, funding.amount);
  const found = source.how === "reconciliation" ? " Found by reconciliation: no webhook had told us." : "";
  await recordEvent(tx, clock, funding.id, "successful", `${formatNaira(funding.amount)} ${how}.${found}`);
  const [done] = await tx
    .update(transactions)
    .set({
      status: "successful",
      providerReference: payment.id,
      failureReason: null,
      balanceBefore: before,
      balanceAfter: before + funding.amount,
      nextRequeryAt: null,
      updatedAt: clock.now(),
    })
    .where(eq(transactions.id, funding.id))
    .returning();
  if (source.how === "reconciliation") {
    await recordAudit(tx, clock, {
      actorId: source.actorId,
      action: "funding.reconciled",
      targetType: "transaction",
      targetId: funding.id,
      before: { status: funding.status, balance: before },
      after: {
        status: "successful",
        balance: before + funding.amount,
        amount: funding.amount,
        reference: funding.reference,
        gateway_reference: payment.reference,
        gateway_id: payment.id,
      },
      ip: null,
    });
  }
  return done as TransactionRow;
}
