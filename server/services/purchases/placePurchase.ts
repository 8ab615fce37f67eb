import { and, eq, gt, ne } from "drizzle-orm";
import type { Logger } from "pino";
import { formatNaira } from "../../../schemas/money";
import { possibleDuplicate } from "../../../schemas/purchases";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { transactions, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { Provider } from "../../providers/provider";
import { Refusal } from "../../refusal";
import {
  AlreadyRequested,
  assertRequestNew,
  completeRequest,
  recordRequest,
  replayRequest,
  requestHash,
} from "../idempotency";
import { assertWithinDailyLimit } from "../kyc/tierLimits";
import { postings } from "../ledger/postings";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";
import { askProvider } from "./askProvider";
import type { Order } from "./order";
import { assertMayTransact, assertSalesOpen, checkPin } from "./purchaseRules";
import { settlePurchase } from "./settlePurchase";

export interface PurchaseDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, "providerTimeoutMs" | "requeryBaseDelayMs" | "pinKeys">;
  provider: Provider;
  logger: Logger;
}

export interface Confirmation {
  pin: string;
  request_id: string;
  allow_duplicate?: boolean | undefined;
}

/** A purchase in two halves: checks against the catalogue first (cheap), the recipient's check after the PIN. */
export interface PurchaseRequest {
  scope: "airtime" | "data" | "tv" | "electricity";
  /** The order's fields as sent, without the PIN: what the request id stands for. */
  fingerprint: Record<string, unknown>;
  price(): Promise<Order>;
  /** Checks the smartcard or meter with the provider; adds the customer's name. */
  verify?(order: Order): Promise<Order>;
}

export const duplicateWindowMs = 30_000;

/**
 * The purchase of docs/ARCHITECTURE.md, in three short steps: (1) in one database transaction, check and
 * hold the money and record the purchase as pending; (2) ask the provider outside any transaction,
 * with a time limit; (3) settle in another transaction. The same request id never buys twice.
 */
export async function placePurchase(
  deps: PurchaseDeps,
  user: UserRow,
  confirmation: Confirmation,
  request: PurchaseRequest,
): Promise<TransactionRow> {
  const hash = requestHash(request.scope, request.fingerprint);
  const replay = () =>
    replayRequest(deps, user.id, confirmation.request_id, hash, deps.config.providerTimeoutMs * 2);
  const earlier = await replay();
  if (earlier) return earlier;

  await assertSalesOpen(deps.db);
  let order = await request.price();
  assertMayTransact(user);
  await checkPin(deps, user, confirmation.pin);
  if (request.verify) order = await request.verify(order);

  let held: TransactionRow;
  try {
    held = await holdMoney(deps, user, order, confirmation, hash, request.scope);
  } catch (error) {
    if (!(error instanceof AlreadyRequested)) throw error;
    const first = await replay();
    if (!first) throw error;
    return first;
  }

  const answer = await askProvider(
    (signal) => deps.provider.buy(held.providerRequestId as string, order.delivery, signal),
    deps.config.providerTimeoutMs,
    deps.logger,
    held.reference,
  );
  const settled = await settlePurchase(deps, held.id, answer, "purchase");
  await completeRequest(deps.db, deps.clock, user.id, confirmation.request_id);
  return settled;
}

async function holdMoney(
  deps: PurchaseDeps,
  user: UserRow,
  order: Order,
  confirmation: Confirmation,
  hash: string,
  scope: string,
): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    // The wallet row lock puts this customer's money-moving requests in single file.
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, user.id)).for("update");
    if (!wallet) throw new Refusal("forbidden", "This account has no wallet.");
    await assertRequestNew(tx, user.id, confirmation.request_id);
    const now = deps.clock.now();

    if (!confirmation.allow_duplicate) {
      const [same] = await tx
        .select({ reference: transactions.reference })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, user.id),
            eq(transactions.kind, order.kind),
            eq(transactions.recipient, order.recipient),
            eq(transactions.total, order.quote.total),
            ne(transactions.status, "failed"),
            gt(transactions.createdAt, new Date(now.getTime() - duplicateWindowMs)),
          ),
        )
        .limit(1);
      if (same) {
        throw new Refusal(
          "possible_duplicate",
          `You bought the same thing for ${order.recipient} less than 30 seconds ago. Confirm if you want to buy it again.`,
          { data: possibleDuplicate.parse({ duplicate_of: same.reference }) },
        );
      }
    }

    await assertWithinDailyLimit(tx, deps.clock, user, order.quote.total);
    if (wallet.balance < order.quote.total) {
      throw new Refusal(
        "insufficient_funds",
        `Insufficient balance: this costs ${formatNaira(order.quote.total)} and your wallet has ${formatNaira(wallet.balance)}. Fund your wallet and try again.`,
        { data: { balance: wallet.balance, total: order.quote.total } },
      );
    }

    const [txn] = await tx
      .insert(transactions)
      .values({
        reference: newReference(order.kind, now),
        userId: user.id,
        walletId: wallet.id,
        kind: order.kind,
        status: "pending",
        amount: order.quote.amount,
        fee: order.quote.fee,
        discount: order.quote.discount,
        total: order.quote.total,
        cost: order.cost,
        description: order.description,
        recipient: order.recipient,
        product: order.product,
        order: order.delivery,
        provider: deps.provider.name,
        providerRequestId: deps.provider.newRequestId(now),
        // Set before the provider is asked: if this process dies mid-call, the worker still finds it.
        nextRequeryAt: new Date(
          now.getTime() + deps.config.providerTimeoutMs + deps.config.requeryBaseDelayMs,
        ),
        customerName: order.customerName,
        balanceBefore: wallet.balance,
        balanceAfter: wallet.balance - order.quote.total,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!txn) throw new Error("the purchase was not recorded");
    await recordRequest(tx, now, {
      userId: user.id,
      requestId: confirmation.request_id,
      scope,
      hash,
      transactionId: txn.id,
    });
    await postings.hold(tx, deps.clock, txn.id, wallet.id, order.quote.total);
    await recordEvent(
      tx,
      deps.clock,
      txn.id,
      "pending",
      // Written before the provider is asked, so it says only what is true now: a crash mid-call must
      // not leave a record claiming the request went out. The next event says what the provider did.
      `${formatNaira(order.quote.total)} held; request ${txn.providerRequestId} goes to the provider next.`,
    );
    return txn;
  });
}
