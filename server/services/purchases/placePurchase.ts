import { randomUUID } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { formatNaira } from "../../../schemas/money";
import { possibleDuplicate } from "../../../schemas/purchases";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { writeStep } from "../../db/oneStatement";
import { preparedOnce } from "../../db/preparedOnce";
import { emergencyMode, idempotencyKeys, operatorSettings, transactions, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { Provider } from "../../providers/provider";
import { Refusal } from "../../refusal";
import {
  AlreadyRequested,
  replayOf,
  replayRequest,
  requestHash,
  requestInsert,
  requestTaken,
} from "../idempotency";
import { assertDailyRoom, kycLimitsOf, spentTodayOf } from "../kyc/tierLimits";
import { postingLines } from "../ledger/postings";
import { ledgerWrites } from "../ledger/postLedger";
import { eventInsert, newReference, type TransactionRow } from "../transactions/transactionRecords";
import { askProvider } from "./askProvider";
import type { Order } from "./order";
import { assertMayTransact, assertModeOpen, checkPin } from "./purchaseRules";
import { settleHeld } from "./settlePurchase";

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
  const inFlightMs = deps.config.providerTimeoutMs * 2;
  const replay = () => replayRequest(deps, user.id, confirmation.request_id, hash, inFlightMs);

  // One statement reads the request id's earlier purchase, if any, and the emergency switch: a request
  // seen before is answered as it was (even with sales paused since), a new one needs sales open.
  const [first] = await preparedOnce(deps.db, "purchase_first_look", (db, name) =>
    db
      .select({ key: idempotencyKeys, txn: transactions, mode: emergencyMode })
      .from(sql`(select 1) as one`)
      .leftJoin(emergencyMode, eq(emergencyMode.id, 1))
      .leftJoin(
        idempotencyKeys,
        and(
          eq(idempotencyKeys.userId, sql.placeholder("userId")),
          eq(idempotencyKeys.requestId, sql.placeholder("requestId")),
        ),
      )
      .leftJoin(transactions, eq(transactions.id, idempotencyKeys.transactionId))
      .prepare(name),
  ).execute({ userId: user.id, requestId: confirmation.request_id });
  const earlier = first?.key && first.txn ? { key: first.key, txn: first.txn } : null;
  const replayed = replayOf(deps.clock, earlier, hash, inFlightMs);
  if (replayed) return replayed;
  assertModeOpen(first?.mode);

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
  // The settle marks the request answered in the same statement as its outcome.
  return settleHeld(deps, held, answer, {
    userId: user.id,
    requestId: confirmation.request_id,
  });
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
    const now = deps.clock.now();

    // What the checks below need, read by one statement now that the wallet is locked: whether the
    // request id is taken, the same purchase in the last 30 seconds, today's spending and the limits.
    const [seen] = await tx
      .select({
        taken: requestTaken(tx, user.id, confirmation.request_id),
        duplicateOf: confirmation.allow_duplicate
          ? sql<string | null>`null`
          : sql<string | null>`${tx
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
              .limit(1)}`,
        spentToday: spentTodayOf(tx, deps.clock, user.id),
        settings: operatorSettings,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(operatorSettings, eq(operatorSettings.id, 1));
    if (!seen) throw new Error("the hold's checks read nothing");
    if (seen.taken) throw new AlreadyRequested();
    if (seen.duplicateOf) {
      throw new Refusal(
        "possible_duplicate",
        `You bought the same thing for ${order.recipient} less than 30 seconds ago. Confirm if you want to buy it again.`,
        { data: possibleDuplicate.parse({ duplicate_of: seen.duplicateOf }) },
      );
    }
    assertDailyRoom(kycLimitsOf(seen.settings ?? undefined), user, seen.spentToday, order.quote.total);
    if (wallet.balance < order.quote.total) {
      throw new Refusal(
        "insufficient_funds",
        `Insufficient balance: this costs ${formatNaira(order.quote.total)} and your wallet has ${formatNaira(wallet.balance)}. Fund your wallet and try again.`,
        { data: { balance: wallet.balance, total: order.quote.total } },
      );
    }

    // The purchase, the request id tied to it, the hold and the first event: one statement. The
    // purchase's id is made here so the other rows can name it.
    const id = randomUUID();
    const providerRequestId = deps.provider.newRequestId(now);
    const [txn] = await tx
      .with(
        writeStep(
          tx,
          "request_recorded",
          requestInsert(tx, now, {
            userId: user.id,
            requestId: confirmation.request_id,
            scope,
            hash,
            transactionId: id,
          }),
        ),
        ...ledgerWrites(tx, deps.clock, id, postingLines.hold(wallet.id, order.quote.total)),
        writeStep(
          tx,
          "event_recorded",
          eventInsert(
            tx,
            deps.clock,
            id,
            "pending",
            // Written before the provider is asked, so it says only what is true now: a crash mid-call must
            // not leave a record claiming the request went out. The next event says what the provider did.
            `${formatNaira(order.quote.total)} held; request ${providerRequestId} goes to the provider next.`,
          ),
        ),
      )
      .insert(transactions)
      .values({
        id,
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
        providerRequestId,
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
    return txn;
  });
}
