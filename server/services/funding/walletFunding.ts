import { and, eq } from "drizzle-orm";
import { formatNaira } from "../../../schemas/money";
import type { FundBody, StaffFundBody } from "../../../schemas/wallet";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Transaction } from "../../db/database";
import { gatewayEvents, idempotencyKeys, transactions, users, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { GatewayEvent, PaymentGateway } from "../../gateways/gateway";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit";
import { AlreadyRequested, assertRequestNew, replayRequest, requestHash } from "../idempotency";
import { postings } from "../ledger/postings";
import { assertMayTransact, assertSalesOpen } from "../purchases/purchaseRules";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";
import { payReferralBonus } from "./referralBonus";

type FundingDeps = { db: Database; clock: Clock; config: Pick<Config, "referral"> };

// A funding request answers at once (it only opens a checkout), so a retry is never "in flight" for long.
const fundingInFlightMs = 5_000;

/**
 * A customer's top-up: records a pending funding and opens the gateway's checkout. The money arrives
 * only when the gateway's signed webhook says so (creditFromGateway).
 */
export async function startFunding(
  deps: FundingDeps & { gateway: PaymentGateway },
  user: UserRow,
  body: FundBody,
): Promise<{ reference: string; checkout_url: string }> {
  const hash = requestHash("funding", { amount: body.amount });
  const opened = async (txn: TransactionRow) => {
    const { checkoutUrl } = await deps.gateway.checkout({
      reference: txn.reference,
      amount: txn.amount,
      email: user.email,
    });
    return { reference: txn.reference, checkout_url: checkoutUrl };
  };
  const earlier = await replayRequest(deps, user.id, body.request_id, hash, fundingInFlightMs);
  if (earlier) return opened(earlier);
  await assertSalesOpen(deps.db);
  assertMayTransact(user);

  try {
    const txn = await deps.db.transaction(async (tx) => {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, user.id)).for("update");
      if (!wallet) throw forbidden("This account has no wallet.");
      await assertRequestNew(tx, user.id, body.request_id);
      const now = deps.clock.now();
      const [created] = await tx
        .insert(transactions)
        .values({
          reference: newReference("funding", now),
          userId: user.id,
          walletId: wallet.id,
          kind: "funding",
          status: "pending",
          amount: body.amount,
          total: body.amount,
          description: "Wallet funding by card or bank transfer",
          provider: deps.gateway.name,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error("the funding was not recorded");
      await tx.insert(idempotencyKeys).values({
        userId: user.id,
        requestId: body.request_id,
        scope: "funding",
        requestHash: hash,
        transactionId: created.id,
        completedAt: now,
        createdAt: now,
      });
      await recordEvent(tx, deps.clock, created.id, "pending", `Checkout opened with ${deps.gateway.name}.`);
      return created;
    });
    return opened(txn);
  } catch (error) {
    if (!(error instanceof AlreadyRequested)) throw error;
    const first = await replayRequest(deps, user.id, body.request_id, hash, fundingInFlightMs);
    if (!first) throw error;
    return opened(first);
  }
}

export type GatewayOutcome =
  | "credited"
  | "failed"
  | "duplicate"
  | "already_settled"
  | "unknown_reference"
  | "amount_mismatch";

/**
 * Acts on a verified gateway event exactly once: the event id is recorded in the same database
 * transaction as the credit, and only a pending funding changes, so however often (or however
 * concurrently) the event arrives, the wallet is credited once.
 */
export async function creditFromGateway(
  deps: FundingDeps,
  gateway: string,
  event: GatewayEvent,
): Promise<GatewayOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [fresh] = await tx
      .insert(gatewayEvents)
      .values({
        gateway,
        eventId: event.id,
        reference: event.reference,
        outcome: "received",
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: gatewayEvents.eventId });
    if (!fresh) return "duplicate";
    const outcome = await settleFunding(tx, deps, event);
    await tx
      .update(gatewayEvents)
      .set({ outcome })
      .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventId, event.id)));
    return outcome;
  });
}

async function settleFunding(
  tx: Transaction,
  deps: FundingDeps,
  event: GatewayEvent,
): Promise<GatewayOutcome> {
  const { clock } = deps;
  const [txn] = await tx
    .select()
    .from(transactions)
    .where(eq(transactions.reference, event.reference))
    .for("update");
  if (txn?.kind !== "funding") return "unknown_reference";
  if (txn.status !== "pending") return "already_settled";
  const now = clock.now();
  if (event.outcome === "failed") {
    await recordEvent(tx, clock, txn.id, "failed", "The gateway says the payment did not go through.");
    await tx
      .update(transactions)
      .set({
        status: "failed",
        failureReason: "The payment did not go through.",
        providerReference: event.id,
        updatedAt: now,
      })
      .where(eq(transactions.id, txn.id));
    return "failed";
  }
  if (event.amount !== txn.amount) {
    // Never credit a different amount than the customer asked to pay; staff look at these by hand.
    await recordEvent(
      tx,
      clock,
      txn.id,
      "pending",
      `The gateway reported ${formatNaira(event.amount)}, not ${formatNaira(txn.amount)}; not credited.`,
    );
    return "amount_mismatch";
  }
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, txn.walletId))
    .for("update");
  const before = wallet?.balance ?? 0;
  await postings.fund(tx, clock, txn.id, txn.walletId, txn.amount, "gateway_clearing");
  await recordEvent(tx, clock, txn.id, "successful", `${formatNaira(txn.amount)} received from the gateway.`);
  await tx
    .update(transactions)
    .set({
      status: "successful",
      providerReference: event.id,
      balanceBefore: before,
      balanceAfter: before + txn.amount,
      updatedAt: now,
    })
    .where(eq(transactions.id, txn.id));
  return "credited";
}

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
  if (!customer.isActive) throw badRequest("This customer's account is deactivated.");

  try {
    return await deps.db.transaction(async (tx) => {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, customer.id)).for("update");
      if (!wallet) throw notFound("This customer has no wallet.");
      await assertRequestNew(tx, staff.id, body.request_id);
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
      await tx.insert(idempotencyKeys).values({
        userId: staff.id,
        requestId: body.request_id,
        scope: "staff_funding",
        requestHash: hash,
        transactionId: txn.id,
        completedAt: now,
        createdAt: now,
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
