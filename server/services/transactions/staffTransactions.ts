import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { formatNaira } from "../../../schemas/money";
import type { StaffTransaction, StaffTransactionDetail } from "../../../schemas/staff";
import { purchaseKinds, type TransactionKind, type TransactionStatus } from "../../../schemas/transactions";
import type { Clock } from "../../clock";
import type { Database, Transaction } from "../../db/database";
import { containedInAny } from "../../db/likePattern";
import { newestPage, pageOf } from "../../db/paging";
import { purchaseAttempts, transactionEvents, transactions, users, wallets } from "../../db/schema";
import { addDays, lagosDayStart } from "../../lagosCalendar";
import type { ProviderSet } from "../../outside/providerSet";
import { notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import { wasRedelivered } from "../disputes/disputeViews";
import { postings } from "../ledger/postings";
import type { Actor } from "../people/actor";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { claimForRequery, requeryOne } from "../purchases/requeryWorker";
import { deliveredPins, type OnePurchaseFields, onePurchaseFields } from "../purchases/vouchers";
import {
  newReference,
  recordEvent,
  searchedFields,
  type TransactionRow,
  transactionConditions,
  transactionView,
} from "./transactionRecords";

type UserRow = typeof users.$inferSelect;

export function staffView(
  row: TransactionRow,
  customer: UserRow,
  onlyOne?: OnePurchaseFields,
): StaffTransaction {
  return {
    ...transactionView(row, onlyOne),
    cost: row.cost,
    customer: {
      id: customer.id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone: customer.phone,
    },
  };
}

export interface StaffFilter {
  kind?: TransactionKind | undefined;
  status?: TransactionStatus | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  user_id?: string | undefined;
  page: number;
  page_size: number;
}

/**
 * What a wallet paid and still has paid: a purchase or level upgrade delivered or still held. A failed,
 * refunded or reversed one gave its total back; funding, refunds and bonuses are money in, not charges.
 */
const stillCharged = and(
  inArray(transactions.kind, [...purchaseKinds, "level_upgrade"]),
  inArray(transactions.status, ["successful", "pending"]),
);

/** Everyone's transactions, newest first, with totals over the whole filtered set (not only the page). */
export async function listStaffTransactions(db: Database, filter: StaffFilter) {
  const conditions: SQL[] = [];
  const base = transactionConditions({
    kind: filter.kind,
    status: filter.status,
    userId: filter.user_id,
    from: filter.from ? lagosDayStart(filter.from) : undefined,
    to: filter.to ? lagosDayStart(addDays(filter.to, 1)) : undefined,
  });
  if (base) conditions.push(base);
  const any = containedInAny(filter.search, [...searchedFields, users.email]);
  if (any) conditions.push(any);
  const where = conditions.length ? and(...conditions) : undefined;
  const [sums] = await db
    .select({
      n: count(),
      amount: sql<string>`coalesce(sum(${transactions.amount}), 0)`,
      charged: sql<string>`coalesce(sum(${transactions.total}) filter (where ${stillCharged}), 0)`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(where);
  const rows = await newestPage(
    db
      .select({ txn: transactions, user: users })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(where)
      .$dynamic(),
    transactions,
    filter,
  );
  return {
    ...pageOf(
      filter,
      sums?.n,
      rows.map((r) => staffView(r.txn, r.user)),
    ),
    totals: {
      count: sums?.n ?? 0,
      amount: Number(sums?.amount ?? 0),
      charged: Number(sums?.charged ?? 0),
    },
  };
}

const isPurchase = (row: TransactionRow) => (purchaseKinds as readonly string[]).includes(row.kind);

/**
 * Where a pending purchase stands with its provider, for staff: a provider that takes no request id
 * of ours and has given no id of its own may not have it at all ("unknown at …") until its list of
 * recent purchases shows it.
 */
function standingOf(row: TransactionRow, providers: ProviderSet): string | null {
  if (!isPurchase(row) || row.status !== "pending" || !row.provider || !providers.has(row.provider))
    return null;
  const provider = providers.get(row.provider);
  if (row.providerReference) return `pending at ${provider.label} (its id ${row.providerReference})`;
  return provider.resendsSafely ? `pending at ${provider.label}` : `unknown at ${provider.label}`;
}

export async function staffTransactionDetail(
  db: Database,
  providers: ProviderSet,
  voucherKey: Buffer,
  id: string,
): Promise<StaffTransactionDetail> {
  const [found] = await db
    .select({ txn: transactions, user: users })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.id, id));
  if (!found) throw notFound("No transaction with that id.");
  const actors = sql<string | null>`(select email from ${users} a where a.id = ${transactionEvents.actorId})`;
  const events = await db
    .select({ event: transactionEvents, actor: actors })
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, id))
    .orderBy(asc(transactionEvents.id));
  const earlier = await db
    .select()
    .from(purchaseAttempts)
    .where(eq(purchaseAttempts.transactionId, id))
    .orderBy(asc(purchaseAttempts.id));
  const txn = found.txn;
  const label = txn.provider ? providers.labelOf(txn.provider) : null;
  const current =
    isPurchase(txn) && txn.provider
      ? [
          {
            provider: txn.provider,
            provider_label: label ?? txn.provider,
            request_id: txn.providerRequestId,
            provider_reference: txn.providerReference,
            sent_at: (txn.providerSentAt ?? txn.createdAt).toISOString(),
            latency_ms: null,
            current: true,
            reason: null,
            note: null,
          },
        ]
      : [];
  return {
    ...staffView(found.txn, found.user, onePurchaseFields(voucherKey, found.txn)),
    provider: found.txn.provider,
    provider_label: label,
    provider_standing: standingOf(txn, providers),
    attempts: [
      ...earlier.map((a) => ({
        provider: a.provider,
        provider_label: providers.labelOf(a.provider),
        request_id: a.requestId,
        provider_reference: a.providerReference,
        sent_at: a.sentAt.toISOString(),
        latency_ms: a.latencyMs,
        current: false,
        reason: a.reason,
        note: a.note,
      })),
      ...current,
    ],
    events: events.map(({ event, actor }) => ({
      status: event.status,
      note: event.note,
      actor,
      created_at: event.createdAt.toISOString(),
    })),
    can_refund: isPurchase(found.txn) && found.txn.status === "successful" && !deliveredPins(found.txn),
    can_requery:
      isPurchase(found.txn) && (found.txn.status === "pending" || found.txn.status === "successful"),
  };
}

/**
 * Gives a delivered purchase's money back, exactly once: under the purchase's row lock, only a
 * successful purchase becomes refunded, with a refund transaction for the customer's history, its
 * ledger entries and the audit row, all in one database transaction.
 */
export async function refundPurchase(
  deps: Pick<PurchaseDeps, "db" | "clock">,
  actor: Actor,
  id: string,
  reason: string,
) {
  return deps.db.transaction((tx) => refundWithin(tx, deps.clock, actor, id, reason));
}

/** `refundPurchase` inside the caller's transaction: a dispute's refund commits with its resolution. */
export async function refundWithin(tx: Transaction, clock: Clock, actor: Actor, id: string, reason: string) {
  const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
  if (!row) throw notFound("No transaction with that id.");
  if (!isPurchase(row)) throw new Refusal("not_allowed", "Only purchases can be refunded.");
  if (row.status === "refunded")
    throw new Refusal("already_done", "This purchase has already been refunded.");
  if (row.status !== "successful") {
    throw new Refusal(
      "not_allowed",
      row.status === "pending"
        ? "This purchase is still pending: requery it instead. Its money is held and comes back if it fails."
        : "This purchase failed, and its money has already gone back to the wallet.",
    );
  }
  if (row.paidByHouse)
    throw new Refusal(
      "not_allowed",
      "This purchase was a redelivery the business paid for: nothing to refund.",
    );
  if (await wasRedelivered(tx, row.id))
    throw new Refusal(
      "not_allowed",
      "This purchase was sent again at OjaPay's cost: it cannot be refunded as well.",
    );
  if (deliveredPins(row))
    throw new Refusal(
      "not_allowed",
      "This purchase delivered PINs, which can still be used: it cannot be refunded. If the PINs do not work, take it up with the provider.",
    );
  const now = clock.now();
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, row.walletId)).for("update");
  const before = wallet?.balance ?? 0;
  const [refund] = await tx
    .insert(transactions)
    .values({
      reference: newReference("refund", now),
      userId: row.userId,
      walletId: row.walletId,
      kind: "refund",
      status: "successful",
      amount: row.total,
      total: row.total,
      description: `Refund of ${row.description} (${row.reference})`,
      recipient: row.recipient,
      product: row.product,
      balanceBefore: before,
      balanceAfter: before + row.total,
      createdBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!refund) throw new Error("the refund was not recorded");
  await postings.refund(tx, clock, refund.id, row.walletId, row.total);
  await recordEvent(
    tx,
    clock,
    refund.id,
    "successful",
    `Refund of ${row.reference}: ${reason}`,
    actor.user.id,
  );
  await recordEvent(
    tx,
    clock,
    row.id,
    "refunded",
    `${formatNaira(row.total)} refunded to the wallet by staff: ${reason}`,
    actor.user.id,
  );
  const [refunded] = await tx
    .update(transactions)
    .set({ status: "refunded", updatedAt: now })
    .where(eq(transactions.id, row.id))
    .returning();
  await recordAuditBy(tx, clock, actor, {
    action: "transaction.refund",
    targetType: "transaction",
    targetId: row.id,
    before: { status: row.status, balance: before },
    after: { status: "refunded", balance: before + row.total, reason, refund: refund.reference },
  });
  return refunded as TransactionRow;
}

/**
 * Asks the provider about a purchase now: a pending one rather than at its next scheduled requery,
 * or a delivered one the provider may since have reversed.
 */
export async function requeryPurchase(deps: PurchaseDeps, actor: Actor, id: string) {
  const claimed = await claimForRequery(deps.db, id, async (tx, row, attempts) => {
    if (!isPurchase(row) || (row.status !== "pending" && row.status !== "successful"))
      throw new Refusal("not_allowed", "Only a pending or delivered purchase can be requeried.");
    await recordAuditBy(tx, deps.clock, actor, {
      action: "transaction.requery",
      targetType: "transaction",
      targetId: id,
      before: { status: row.status, attempts: row.requeryAttempts },
      after: { attempts },
    });
  });
  return requeryOne(deps, claimed, "staff");
}
