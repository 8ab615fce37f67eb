import { randomUUID } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { formatNaira } from "../../../schemas/money";
import { possibleDuplicate } from "../../../schemas/purchases";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import { boundValues, variantName } from "../../db/boundValues";
import type { Database, Transaction } from "../../db/database";
import { writeStep } from "../../db/oneStatement";
import { preparedOnce } from "../../db/preparedOnce";
import {
  emergencyMode,
  idempotencyKeys,
  operatorSettings,
  transactionEvents,
  transactions,
  wallets,
} from "../../db/schema";
import type { UserRow } from "../../deps";
import type { Provider } from "../../providers/provider";
import { Refusal } from "../../refusal";
import {
  AlreadyRequested,
  replayOf,
  replayRequest,
  requestHash,
  requestTaken,
  requestValues,
} from "../idempotency";
import { assertDailyRoom, kycLimitsOf, spentTodayOf, todayBegan } from "../kyc/tierLimits";
import { postingLines } from "../ledger/postings";
import { ledgerRows, ledgerRowWrites } from "../ledger/postLedger";
import { eventValues, newReference, type TransactionRow } from "../transactions/transactionRecords";
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

/** The hold's statements, each prepared once: a purchase sends them with new values only. */
const holdStatements = {
  /** The wallet row lock puts this customer's money-moving requests in single file. */
  lockWallet: (tx: Transaction) =>
    preparedOnce(tx, "purchase_hold_lock", (db, name) =>
      db
        .select()
        .from(wallets)
        .where(eq(wallets.userId, sql.placeholder("userId")))
        .for("update")
        .prepare(name),
    ),
  /**
   * What the checks need, read by one statement once the wallet is locked: whether the request id is
   * taken, the same purchase in the last 30 seconds (unless the customer allowed it), today's spending
   * and the limits.
   */
  readChecks: (tx: Transaction, allowDuplicate: boolean) =>
    preparedOnce(tx, allowDuplicate ? "purchase_hold_checks_any" : "purchase_hold_checks", (db, name) => {
      const userId = sql.placeholder("userId");
      return db
        .select({
          taken: requestTaken(db, userId, sql.placeholder("requestId")),
          duplicateOf: allowDuplicate
            ? sql<string | null>`null`
            : sql<string | null>`${db
                .select({ reference: transactions.reference })
                .from(transactions)
                .where(
                  and(
                    eq(transactions.userId, userId),
                    eq(transactions.kind, sql.placeholder("kind")),
                    eq(transactions.recipient, sql.placeholder("recipient")),
                    eq(transactions.total, sql.placeholder("total")),
                    ne(transactions.status, "failed"),
                    gt(transactions.createdAt, sql.placeholder("duplicateSince")),
                  ),
                )
                .limit(1)}`,
          spentToday: spentTodayOf(db, userId, sql.placeholder("todayBegan")),
          settings: operatorSettings,
        })
        .from(sql`(select 1) as one`)
        .leftJoin(operatorSettings, eq(operatorSettings.id, 1))
        .prepare(name);
    }),
};

async function holdMoney(
  deps: PurchaseDeps,
  user: UserRow,
  order: Order,
  confirmation: Confirmation,
  hash: string,
  scope: string,
): Promise<TransactionRow> {
  return deps.db.transaction(async (tx) => {
    const [wallet] = await holdStatements.lockWallet(tx).execute({ userId: user.id });
    if (!wallet) throw new Refusal("forbidden", "This account has no wallet.");
    const now = deps.clock.now();

    const [seen] = await holdStatements.readChecks(tx, confirmation.allow_duplicate === true).execute({
      userId: user.id,
      requestId: confirmation.request_id,
      kind: order.kind,
      recipient: order.recipient,
      total: order.quote.total,
      duplicateSince: new Date(now.getTime() - duplicateWindowMs),
      todayBegan: todayBegan(deps.clock),
    });
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
    const ledger = ledgerRows(deps.clock, id, postingLines.hold(wallet.id, order.quote.total));
    if (!ledger) throw new Error("a purchase holds money");
    const rows = {
      request: boundValues(
        "request_",
        requestValues(now, {
          userId: user.id,
          requestId: confirmation.request_id,
          scope,
          hash,
          transactionId: id,
        }),
      ),
      ledgerTransaction: boundValues("ledger_", ledger.ledgerTransaction),
      entries: ledger.entries.map((entry, index) => boundValues(`entry${index}_`, entry)),
      // Written before the provider is asked, so it says only what is true now: a crash mid-call must
      // not leave a record claiming the request went out. The next event says what the provider did.
      event: boundValues(
        "event_",
        eventValues(
          deps.clock,
          id,
          "pending",
          `${formatNaira(order.quote.total)} held; request ${providerRequestId} goes to the provider next.`,
        ),
      ),
      purchase: boundValues("purchase_", {
        id,
        reference: newReference(order.kind, now),
        userId: user.id,
        walletId: wallet.id,
        kind: order.kind,
        status: "pending" as const,
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
      }),
    };
    const all = [rows.request, rows.ledgerTransaction, ...rows.entries, rows.event, rows.purchase];
    const name = variantName("purchase_hold_write", all.map((row) => row.shape).join(";"));
    const [txn] = await preparedOnce(tx, name, (db, name) =>
      db
        .with(
          writeStep(db, "request_recorded", db.insert(idempotencyKeys).values(rows.request.placeholders)),
          ...ledgerRowWrites(db, {
            ledgerTransaction: rows.ledgerTransaction.placeholders,
            entries: rows.entries.map((entry) => entry.placeholders),
          }),
          writeStep(db, "event_recorded", db.insert(transactionEvents).values(rows.event.placeholders)),
        )
        .insert(transactions)
        .values(rows.purchase.placeholders)
        .returning()
        .prepare(name),
    ).execute(Object.assign({}, ...all.map((row) => row.values)));
    if (!txn) throw new Error("the purchase was not recorded");
    return txn;
  });
}
