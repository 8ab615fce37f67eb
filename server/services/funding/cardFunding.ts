import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { FundBody } from "../../../schemas/wallet";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { transactions, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import { type GatewayPayment, GatewayRefused, type PaymentGateway } from "../../outside/gateway";
import { notFound, Refusal } from "../../refusal";
import {
  AlreadyRequested,
  assertRequestNew,
  completeRequest,
  recordRequest,
  replayRequest,
  requestHash,
} from "../idempotency";
import { assertWithinBalanceLimit } from "../kyc/tierLimits";
import { assertMayTransact, assertSalesOpen } from "../purchases/purchaseRules";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";
import { applyGatewayPayment } from "./gatewayPayments";

export type CardFundingDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "referral" | "publicUrl" | "fundingCheckAfterMs" | "providerTimeoutMs">;
  gateway: PaymentGateway;
  logger: Pick<Logger, "warn">;
};

// Opening a checkout waits for the gateway; a retry meanwhile is told to wait rather than open a second.
const inFlightMs = (deps: CardFundingDeps) => deps.config.providerTimeoutMs + 5_000;

const unavailable = () =>
  new Refusal(
    "service_unavailable",
    "Card payments are not available right now. Please try again shortly, or pay by bank transfer.",
  );

/** Where the gateway sends the customer back; the page there asks us, and we ask the gateway. */
export const fundingCallbackPath = "/app/fund-account";

/**
 * A customer's top-up by card (or the gateway's checkout transfer): records a pending funding,
 * then opens the gateway's checkout for it and remembers its address, so a retried request answers
 * the same page. The money arrives only when the gateway says so: by its signed webhook, when the
 * customer comes back (verifyFunding), or when the reconciliation worker asks.
 */
export async function startFunding(
  deps: CardFundingDeps,
  user: UserRow,
  body: FundBody,
): Promise<{ reference: string; checkout_url: string }> {
  const hash = requestHash("funding", { amount: body.amount });
  const earlier = await replayRequest(deps, user.id, body.request_id, hash, inFlightMs(deps));
  if (earlier) return openCheckout(deps, user, earlier, body.request_id);
  await assertSalesOpen(deps.db);
  assertMayTransact(user);

  let funding: TransactionRow;
  try {
    funding = await deps.db.transaction(async (tx) => {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, user.id)).for("update");
      if (!wallet) throw new Refusal("forbidden", "This account has no wallet.");
      await assertRequestNew(tx, user.id, body.request_id);
      await assertWithinBalanceLimit(tx, user, wallet.balance, body.amount, "customer");
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
          // Asked about by reference from then on, in case no webhook ever comes.
          nextRequeryAt: new Date(now.getTime() + deps.config.fundingCheckAfterMs),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!created) throw new Error("the funding was not recorded");
      await recordRequest(tx, now, {
        userId: user.id,
        requestId: body.request_id,
        scope: "funding",
        hash,
        transactionId: created.id,
      });
      return created;
    });
  } catch (error) {
    if (!(error instanceof AlreadyRequested)) throw error;
    const first = await replayRequest(deps, user.id, body.request_id, hash, inFlightMs(deps));
    if (!first) throw error;
    return openCheckout(deps, user, first, body.request_id);
  }
  return openCheckout(deps, user, funding, body.request_id);
}

async function openCheckout(
  deps: CardFundingDeps,
  user: UserRow,
  funding: TransactionRow,
  requestId: string,
): Promise<{ reference: string; checkout_url: string }> {
  if (funding.checkoutUrl) return { reference: funding.reference, checkout_url: funding.checkoutUrl };
  if (funding.status !== "pending") {
    throw new Refusal("payment_closed", "This payment can no longer be opened. Start again to pay.", {
      data: { reference: funding.reference },
    });
  }
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await deps.gateway.checkout({
      reference: funding.reference,
      amount: funding.amount,
      email: user.email,
      callbackUrl: `${deps.config.publicUrl}${fundingCallbackPath}`,
    }));
  } catch (error) {
    deps.logger.warn(
      { reference: funding.reference, err: error instanceof Error ? error.message : String(error) },
      "the gateway did not open a checkout",
    );
    // A refusal is final: the funding can never be paid. Silence is not: the worker will ask.
    if (error instanceof GatewayRefused) await closeUnopened(deps, funding, error.message);
    await completeRequest(deps.db, deps.clock, user.id, requestId);
    throw unavailable();
  }
  await deps.db
    .update(transactions)
    .set({ checkoutUrl, updatedAt: deps.clock.now() })
    .where(eq(transactions.id, funding.id));
  await completeRequest(deps.db, deps.clock, user.id, requestId);
  return { reference: funding.reference, checkout_url: checkoutUrl };
}

async function closeUnopened(deps: CardFundingDeps, funding: TransactionRow, said: string) {
  await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(transactions)
      .set({
        status: "failed",
        failureReason: "The payment page could not be opened. No money was taken.",
        nextRequeryAt: null,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(transactions.id, funding.id), eq(transactions.status, "pending")))
      .returning({ id: transactions.id });
    if (closed)
      await recordEvent(tx, deps.clock, funding.id, "failed", `The gateway refused the checkout: ${said}`);
  });
}

/**
 * The customer is back from the gateway's page: ask the gateway about this reference (never
 * trusting the redirect itself) and credit it if it was paid. Answers the funding as it is now.
 */
export async function verifyFunding(
  deps: CardFundingDeps,
  user: UserRow,
  reference: string,
): Promise<{ funding: TransactionRow; gatewayStatus: GatewayPayment["status"] | null }> {
  const find = async () => {
    const [row] = await deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.reference, reference), eq(transactions.userId, user.id)))
      .limit(1);
    if (row?.kind !== "funding") throw notFound("No payment with that reference.");
    return row;
  };
  const funding = await find();
  const askable =
    (funding.status === "pending" || funding.status === "failed") &&
    funding.provider === deps.gateway.name &&
    funding.checkoutUrl !== null;
  if (!askable) return { funding, gatewayStatus: null };
  try {
    const payment = await deps.gateway.verify(reference);
    if (payment?.status === "successful") {
      await applyGatewayPayment(deps, deps.gateway.name, payment, { how: "verify" });
      return { funding: await find(), gatewayStatus: payment.status };
    }
    return { funding, gatewayStatus: payment?.status ?? null };
  } catch (error) {
    // The gateway could not say just now; the webhook or the worker will.
    deps.logger.warn(
      { reference, err: error instanceof Error ? error.message : String(error) },
      "could not verify a payment with the gateway",
    );
    return { funding, gatewayStatus: null };
  }
}
