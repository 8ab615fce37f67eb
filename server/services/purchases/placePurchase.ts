import { randomUUID } from "node:crypto";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { KycLimits } from "../../../schemas/kyc";
import { formatNaira } from "../../../schemas/money";
import { possibleDuplicate } from "../../../schemas/purchases";
import type { PurchaseKind } from "../../../schemas/transactions";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import type { InstancePresence } from "../../db/instancePresence";
import { rowFromJson, wholeJsonRow } from "../../db/jsonRows";
import { preparedOnce } from "../../db/preparedOnce";
import {
  emergencyMode,
  idempotencyKeys,
  operatorSettings,
  priceLevels,
  transactionEvents,
  transactions,
  tryCounters,
  users,
  wallets,
} from "../../db/schema";
import type { UserRow } from "../../deps";
import type { AppMetrics } from "../../metrics/appMetrics";
import type { Provider } from "../../outside/provider";
import type { ProviderSet } from "../../outside/providerSet";
import { messages, Refusal } from "../../refusal";
import { knownGuessValues, knownGuessWrite, knownOutcome } from "../accounts/tryCounters";
import { AlreadyRequested, replayOf, replayRequest, requestHash, requestValues } from "../idempotency";
import { dailyLimitRefusal, kycLimitsOf, limitOf, purchaseKindsLiteral } from "../kyc/tierLimits";
import { postingLines } from "../ledger/postings";
import { ledgerJson, ledgerRows } from "../ledger/postLedger";
import { discountsOf, type LevelPricing } from "../levels/priceLevels";
import type { Offer } from "../routing/routeCandidates";
import { eventValues, newReference, type TransactionRow } from "../transactions/transactionRecords";
import { type HoldAnswer, holdCall } from "./holdCall";
import { countKeyAndHold, type PurchaseKey } from "./keyHold";
import type { Order } from "./order";
import {
  type HoldOrChange,
  OwnerChanged,
  ownerAsRead,
  ownerFacts,
  ownerRow,
  ownerValues,
  sessionOwnerRefusal,
} from "./ownerAtHold";
import {
  acceptPin,
  assertMayTransact,
  assertModeOpen,
  checkPin,
  countJudgedPin,
  insufficientFunds,
  type JudgedPin,
  judgePin,
  pinRules,
  pinTries,
} from "./purchaseRules";
import {
  candidatesFor,
  claimedCandidates,
  type RoutingFacts,
  routingLookup,
  sendAlong,
} from "./routePurchase";
import { settleHeld } from "./settlePurchase";

export interface PurchaseDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, "providerTimeoutMs" | "requeryBaseDelayMs" | "pinKeys" | "voucherKey" | "totpKey">;
  provider: Provider;
  providers: ProviderSet;
  /** The instance sending the purchase: recorded with it, so the others know whether anyone still waits on it. */
  instance: Pick<InstancePresence, "id">;
  logger: Logger;
  /** Counts settled purchases; null where nobody scrapes metrics. */
  metrics: Pick<AppMetrics, "purchaseSettled"> | null;
}

export interface Confirmation {
  pin: string;
  request_id: string;
  allow_duplicate?: boolean | undefined;
}

/**
 * A purchase made with an API key: the key stands for the PIN (a program holds none), the purchase
 * names it (its webhook, its daily cap, checked with the hold), and says which API it came through.
 */
export interface KeyConfirmation {
  key: PurchaseKey;
  /** What the caller sent, in its own ids and words: what its record echoes. */
  asked: Record<string, unknown>;
  /** The bulk batch it is a row of, when a program's batch placed it. */
  batch?: string | undefined;
  request_id: string;
  allow_duplicate?: boolean | undefined;
}

/**
 * A row of a bulk purchase (services/bulk/): its batch was started with the PIN, checked once then,
 * so the row's purchase asks for none; `batch` names the batch it belongs to.
 */
export interface BatchConfirmation {
  batch: string;
  request_id: string;
  allow_duplicate?: boolean | undefined;
}

/**
 * A run of a scheduled purchase (services/schedules/): the PIN checked when the schedule was made
 * authorises its runs, so the run's purchase asks for none; `schedule` names it. Nothing reads it, but
 * without it `{ request_id }` alone would type as a confirmation: a purchase with no PIN, compiled
 * anywhere without saying what stands for the PIN.
 */
export interface ScheduleConfirmation {
  schedule: string;
  request_id: string;
  allow_duplicate?: boolean | undefined;
}

/** How a purchase was confirmed: the customer's PIN, an API key, its batch's PIN or its schedule's. */
export type AnyConfirmation = Confirmation | KeyConfirmation | BatchConfirmation | ScheduleConfirmation;

/** A purchase in two halves: checks against the catalogue first (cheap), the recipient's check after the PIN. */
export interface PurchaseRequest {
  scope: PurchaseKind;
  /** The order's fields as sent, without the PIN: what the request id stands for. */
  fingerprint: Record<string, unknown>;
  /** What the price reads from the catalogue, where that is one lookup: read by the purchase's first statement. */
  catalogue?: CatalogueLookup;
  /**
   * The order and its price at the customer's level; `found` is what `catalogue` read (null: not
   * found, or no lookup), `pricing` the customer's price level and the providers configured.
   */
  price(found: Record<string, unknown> | null, pricing: LevelPricing): Promise<Order>;
  /** Checks the smartcard or meter with the provider the purchase goes to first; adds the customer's name. */
  verify?(order: Order, offer: Offer, provider: Provider): Promise<Order>;
}

/**
 * A catalogue lookup sent as part of the purchase's first statement instead of as a statement of its
 * own: a query answering one JSON value, its inputs as `sql.placeholder`s with `values`.
 */
export interface CatalogueLookup {
  /** Which lookup: the first statement is prepared once for each. */
  name: string;
  query(): SQL;
  values: Record<string, unknown>;
}

export const duplicateWindowMs = 30_000;

/**
 * The purchase of docs/ARCHITECTURE.md, in three short steps: (1) in one database transaction, check and
 * hold the money and record the purchase as pending; (2) ask the provider outside any transaction,
 * with a time limit; (3) settle in another transaction. The same request id never buys twice.
 *
 * `user` may be what this instance read up to `READ_CACHE_MS` ago; the hold checks it against the
 * database's row. An account an admin moved to another level or tier meanwhile, which may still buy,
 * is bought for once more as it now is (read afresh): the price and the daily limit are its own.
 */
export async function placePurchase(
  deps: PurchaseDeps,
  user: UserRow,
  confirmation: AnyConfirmation,
  request: PurchaseRequest,
): Promise<TransactionRow> {
  try {
    return await purchaseAs(deps, user, confirmation, request);
  } catch (error) {
    if (!(error instanceof OwnerChanged)) throw error;
  }
  const [now] = await deps.db.select().from(users).where(eq(users.id, user.id));
  if (!now) throw new Refusal("session_expired", messages.sessionExpired);
  try {
    return await purchaseAs(deps, now, confirmation, request);
  } catch (error) {
    if (!(error instanceof OwnerChanged)) throw error;
    throw new Refusal(
      "changed_meanwhile",
      "Your account's price level or KYC tier changed while this purchase was made. Nothing was charged: please try again.",
    );
  }
}

async function purchaseAs(
  deps: PurchaseDeps,
  user: UserRow,
  confirmation: AnyConfirmation,
  request: PurchaseRequest,
): Promise<TransactionRow> {
  const hash = requestHash(request.scope, request.fingerprint);
  const inFlightMs = deps.config.providerTimeoutMs * 2;
  const replay = () => replayRequest(deps, user.id, confirmation.request_id, hash, inFlightMs);

  // One statement reads the request id's earlier purchase, if any, and the emergency switch: a request
  // seen before is answered as it was (even with sales paused since), a new one needs sales open. It
  // also reads what the price needs from the catalogue, where the request says how (a network, a data
  // plan), and what the hold needs to know beforehand: the customer's wallet (its id never changes)
  // and the tier limits (a change an admin makes meanwhile is as if made just after this purchase).
  const lookup = request.catalogue;
  const [first] = await preparedOnce(deps.db, `purchase_first_look_${lookup?.name ?? "none"}`, (db, name) =>
    db
      .select({
        key: idempotencyKeys,
        txn: transactions,
        mode: emergencyMode,
        walletId: wallets.id,
        settings: operatorSettings,
        level: priceLevels,
        catalogue: lookup ? sql<Record<string, unknown> | null>`(${lookup.query()})` : sql<null>`null`,
        routing: routingLookup(),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(emergencyMode, eq(emergencyMode.id, 1))
      .leftJoin(operatorSettings, eq(operatorSettings.id, 1))
      .leftJoin(priceLevels, eq(priceLevels.slug, sql.placeholder("level")))
      .leftJoin(wallets, eq(wallets.userId, sql.placeholder("userId")))
      .leftJoin(
        idempotencyKeys,
        and(
          eq(idempotencyKeys.userId, sql.placeholder("userId")),
          eq(idempotencyKeys.requestId, sql.placeholder("requestId")),
        ),
      )
      .leftJoin(transactions, eq(transactions.id, idempotencyKeys.transactionId))
      .prepare(name),
  ).execute({
    userId: user.id,
    requestId: confirmation.request_id,
    // The level the session read with the account (READ_CACHE_MS): a change shows within a second.
    level: user.priceLevel,
    service: request.scope,
    ...lookup?.values,
  });
  const earlier = first?.key && first.txn ? { key: first.key, txn: first.txn } : null;
  const replayed = replayOf(deps.clock, earlier, hash, inFlightMs);
  if (replayed) return replayed;
  assertModeOpen(first?.mode);

  let order = await request.price(first?.catalogue ?? null, {
    level: discountsOf(first?.level),
    configured: (provider) => deps.providers.has(provider),
  });
  assertMayTransact(user);
  // The providers to try, in route order: none that may be tried refuses the sale before any money moves.
  const routed = candidatesFor(deps, order, (first?.routing as RoutingFacts | undefined) ?? null);
  // A PIN judged at once goes to the database with the hold, as one statement, where nothing comes
  // between them; a smartcard or meter is checked with the provider only once the PIN has proved right.
  const pin = "pin" in confirmation ? confirmation.pin : null;
  const judged = request.verify || pin === null ? null : judgePin(deps, user, pin);
  if (!judged && pin !== null) await checkPin(deps, user, pin);
  const candidates = routed.some((c) => c.probe) ? await claimedCandidates(deps, routed) : routed;
  const offer = candidates[0] as Offer;
  if (request.verify) order = await request.verify(order, offer, deps.providers.get(offer.provider));

  let held: TransactionRow;
  try {
    const account = { walletId: first?.walletId ?? null, limits: kycLimitsOf(first?.settings ?? undefined) };
    held = await holdMoney(deps, user, account, { order, offer }, confirmation, hash, request.scope, judged);
  } catch (error) {
    if (!(error instanceof AlreadyRequested)) throw error;
    const first = await replay();
    if (!first) throw error;
    return first;
  }

  const asked = await sendAlong(deps, held, candidates);
  // The settle marks the request answered in the same statement as its outcome.
  return settleHeld(deps, asked.held, asked.answer, {
    userId: user.id,
    requestId: confirmation.request_id,
    latencyMs: asked.latencyMs,
  });
}

/**
 * The hold, one statement: `purchase_hold` locks the wallet, makes the checks and writes the rows
 * given, in the database, so the customer's requests are in single file and each check sees what the
 * ones before wrote; it is called only while the account is still as the purchase read it
 * (`ownerAsRead`). Prepared once; each purchase sends only its values.
 */
const holdStatement = (db: Database) =>
  preparedOnce(db, "purchase_hold", (db, name) => {
    const owner = ownerRow(db);
    return db
      .with(owner)
      .select({
        owner: ownerFacts(owner),
        asRead: ownerAsRead(owner),
        answer: sql<HoldAnswer | null>`case when ${ownerAsRead(owner)} then ${holdCall()} end`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(owner, sql`true`)
      .prepare(name);
  });

/**
 * The PIN's guess and the hold, one statement: the guess is let in and counted first (`knownGuessWrite`,
 * a step of the statement), and only a right PIN let in holds the money. A guess not let in (the key
 * blocked, or full of guesses being checked) holds nothing and counts nothing.
 */
const guessAndHoldStatement = (db: Database) =>
  preparedOnce(db, "purchase_guess_hold", (db, name) => {
    const guess = db.$with("guess").as(knownGuessWrite(db, pinRules.afterBlock));
    const owner = ownerRow(db);
    return db
      .with(guess, owner)
      .select({
        guessed: sql<boolean>`exists (select from guess)`,
        failures: sql<number | null>`(select failures from guess)`,
        blockedUntil: sql<Date | null>`(select blocked_until from guess)`.mapWith(tryCounters.blockedUntil),
        owner: ownerFacts(owner),
        asRead: ownerAsRead(owner),
        answer: sql<HoldAnswer | null>`case when ${sql.placeholder("right")}::boolean and exists (select from guess) and ${ownerAsRead(owner)} then ${holdCall()} end`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(owner, sql`true`)
      .prepare(name);
  });

/**
 * The hold, after the PIN: with a PIN judged at once (`judged`), its guess and the hold as one
 * statement, and the guess's outcome answered first; otherwise the hold alone.
 */
async function sendHold(
  deps: PurchaseDeps,
  user: UserRow,
  values: Record<string, unknown>,
  judged: JudgedPin | null,
  apiKey: PurchaseKey | null = null,
): Promise<HoldOrChange | undefined> {
  if (apiKey) return countKeyAndHold(deps, apiKey, values);
  if (!judged) {
    const [held] = await holdStatement(deps.db).execute(values);
    if (held && !held.asRead) return { outcome: "owner_changed", owner: held.owner };
    return held?.answer ?? undefined;
  }
  const key = pinTries(user.id);
  const now = deps.clock.now();
  const [sent] = await guessAndHoldStatement(deps.db).execute({
    ...values,
    ...knownGuessValues(key, pinRules, judged.right, now),
  });
  if (sent?.guessed) {
    const count = { failures: sent.failures ?? 0, blockedUntil: sent.blockedUntil };
    const refusal = await acceptPin(deps, user, judged, knownOutcome(pinRules, judged.right, count, now));
    if (refusal) throw refusal;
    if (!sent.asRead) return { outcome: "owner_changed", owner: sent.owner };
    return sent.answer ?? undefined;
  }
  // Not let in: the guess waits its turn, or is refused while the key is blocked, on its own.
  const refusal = await countJudgedPin(deps, user, judged);
  if (refusal) throw refusal;
  return sendHold(deps, user, values, null);
}

/** What a purchase is held for: whose wallet, what order, under which request. */
export interface HoldRequest {
  user: Pick<UserRow, "id">;
  walletId: string;
  order: Order;
  /** The provider it goes to first, and what that provider is sent and charges. */
  offer: Offer;
  requestId: string;
  /** The request's fingerprint (`requestHash`) and scope, kept with its request id. */
  hash: string;
  scope: string;
  /** The API key it was bought with, if any, and what its caller asked. */
  key?: Pick<KeyConfirmation, "key" | "asked"> | undefined;
  /** The bulk batch it is a row of, if any. */
  batch?: string | undefined;
}

/**
 * The rows `purchase_hold` writes, keyed by column: the purchase (its balance before and after are
 * the locked wallet's, filled in by the database), its request id, the hold's ledger transaction and
 * entries, and its first event.
 */
export function holdRows(
  deps: Pick<PurchaseDeps, "clock" | "providers" | "config" | "instance">,
  { user, walletId, order, offer, requestId, hash, scope, key, batch }: HoldRequest,
) {
  const now = deps.clock.now();
  // The purchase's id is made here so the other rows can name it.
  const id = randomUUID();
  const providerRequestId = deps.providers.get(offer.provider).newRequestId(now);
  const ledger = ledgerRows(deps.clock, id, postingLines.hold(walletId, order.quote.total));
  if (!ledger) throw new Error("a purchase holds money");
  return {
    request: wholeJsonRow(
      idempotencyKeys,
      requestValues(now, { userId: user.id, requestId, scope, hash, transactionId: id }),
    ),
    ...ledgerJson(ledger),
    // Written before the provider is asked, so it says only what is true now: a crash mid-call must
    // not leave a record claiming the request went out. The next event says what the provider did.
    event: wholeJsonRow(
      transactionEvents,
      eventValues(
        deps.clock,
        id,
        "pending",
        `${formatNaira(order.quote.total)} held; request ${providerRequestId} goes to the provider next.`,
      ),
    ),
    // The balance before and after are the locked wallet's, filled in by the database.
    purchase: wholeJsonRow(
      transactions,
      {
        id,
        reference: newReference(order.kind, now),
        userId: user.id,
        walletId,
        kind: order.kind,
        status: "pending" as const,
        amount: order.quote.amount,
        fee: order.quote.fee,
        discount: order.quote.discount,
        total: order.quote.total,
        cost: offer.cost,
        description: order.description,
        recipient: order.recipient,
        product: order.product,
        order: offer.delivery,
        provider: offer.provider,
        providerRequestId,
        providerSentAt: now,
        askedBy: deps.instance.id,
        // Set before the provider is asked: if this process dies mid-call, the worker still finds it.
        nextRequeryAt: new Date(
          now.getTime() + deps.config.providerTimeoutMs + deps.config.requeryBaseDelayMs,
        ),
        customerName: order.customerName,
        apiKeyId: key?.key.id ?? null,
        apiDialect: key?.key.dialect ?? null,
        apiRequest: key?.asked ?? null,
        bulkBatchId: batch ?? null,
        createdAt: now,
        updatedAt: now,
      },
      ["balanceBefore", "balanceAfter"],
    ),
  };
}

async function holdMoney(
  deps: PurchaseDeps,
  user: UserRow,
  account: { walletId: string | null; limits: KycLimits },
  { order, offer }: { order: Order; offer: Offer },
  confirmation: AnyConfirmation,
  hash: string,
  scope: string,
  judged: JudgedPin | null,
): Promise<TransactionRow> {
  if (!account.walletId) throw noWallet();
  const now = deps.clock.now();
  const rows = holdRows(deps, {
    user,
    walletId: account.walletId,
    order,
    offer,
    requestId: confirmation.request_id,
    hash,
    scope,
    key: "key" in confirmation ? confirmation : undefined,
    batch: "batch" in confirmation ? confirmation.batch : undefined,
  });
  const { dailyLimit } = limitOf(account.limits, user.kycTier);
  const answer = await sendHold(
    deps,
    user,
    {
      userId: user.id,
      walletId: account.walletId,
      requestId: confirmation.request_id,
      kind: order.kind,
      recipient: order.recipient,
      total: order.quote.total,
      duplicateSince:
        confirmation.allow_duplicate === true
          ? null
          : new Date(now.getTime() - duplicateWindowMs).toISOString(),
      purchaseKinds: purchaseKindsLiteral,
      dailyLimit,
      rows: JSON.stringify(rows),
      keyId: "key" in confirmation ? confirmation.key.id : null,
      keyCap: "key" in confirmation ? confirmation.key.dailyCap : null,
      ...ownerValues(user),
    },
    judged,
    "key" in confirmation ? confirmation.key : null,
  );
  if (!answer) throw new Error("the hold answered nothing");
  switch (answer.outcome) {
    case "held":
      return rowFromJson(transactions, answer.purchase);
    case "no_wallet":
      throw noWallet();
    case "taken":
      throw new AlreadyRequested();
    case "duplicate":
      throw new Refusal(
        "possible_duplicate",
        `You bought the same thing for ${order.recipient} less than 30 seconds ago. Confirm if you want to buy it again.`,
        { data: possibleDuplicate.parse({ duplicate_of: answer.duplicate_of }) },
      );
    case "over_limit":
      throw dailyLimitRefusal(dailyLimit, user.kycTier, answer.spent_today, order.quote.total);
    case "over_key_cap": {
      const cap = "key" in confirmation ? (confirmation.key.dailyCap ?? 0) : 0;
      throw new Refusal(
        "limit_reached",
        `This purchase would take the key's spending today to ${formatNaira(answer.spent_today + order.quote.total)}, over its daily cap of ${formatNaira(cap)} (${formatNaira(Math.max(cap - answer.spent_today, 0))} left today).`,
        { data: { daily_cap: cap, spent_today: answer.spent_today } },
      );
    }
    case "insufficient":
      throw insufficientFunds(order.quote.total, answer.balance);
    case "owner_changed":
      // A key's hold refused an account without access already, in the key's words.
      throw "key" in confirmation ? new OwnerChanged() : sessionOwnerRefusal(answer.owner);
  }
}

const noWallet = () => new Refusal("forbidden", "This account has no wallet.");
