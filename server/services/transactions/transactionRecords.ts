import { and, count, desc, eq, gte, inArray, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import {
  purchaseKinds,
  type TransactionKind,
  type TransactionStatus,
  type Transaction as TransactionView,
} from "../../../schemas/transactions";
import type { Clock } from "../../clock";
import type { Queryable, Transaction } from "../../db/database";
import { containedInAny } from "../../db/likePattern";
import { offsetOf, pageOf } from "../../db/paging";
import { preparedOnce } from "../../db/preparedOnce";
import { transactionEvents, transactions, wallets } from "../../db/schema";
import { lagosWallTime } from "../../lagosCalendar";
import { unambiguousCode } from "../../randomIds";

export type TransactionRow = typeof transactions.$inferSelect;

const kindLetter: Record<TransactionKind, string> = {
  funding: "F",
  airtime: "A",
  data: "D",
  tv: "T",
  electricity: "E",
  exam_pin: "X",
  recharge_pin: "P",
  refund: "R",
  bonus: "B",
  level_upgrade: "L",
};

/** "OJA2603027K3M9QXZ": OJ, the kind, the date in Lagos, 8 random characters. Easy to read out to support. */
export function newReference(kind: TransactionKind, at: Date): string {
  const lagos = lagosWallTime(at);
  const date = `${lagos.slice(2, 4)}${lagos.slice(5, 7)}${lagos.slice(8, 10)}`;
  return `OJ${kindLetter[kind]}${date}${unambiguousCode(8)}`;
}

/** A step in a transaction's history: what became of it, why, and who did it (null: the system). */
type TransactionEvent = [
  transactionId: string,
  status: TransactionStatus,
  note: string,
  actorId?: string | null,
];

export async function recordEvent(tx: Transaction, clock: Clock, ...event: TransactionEvent): Promise<void> {
  await eventInsert(tx, clock, ...event);
}

/** The INSERT of `recordEvent`, unsent: a step of a larger statement (`writeStep`). */
export function eventInsert(tx: Transaction, clock: Clock, ...event: TransactionEvent) {
  return tx.insert(transactionEvents).values(eventValues(clock, ...event));
}

export function eventValues(
  clock: Clock,
  transactionId: string,
  status: TransactionStatus,
  note: string,
  actorId: string | null = null,
) {
  return { transactionId, status, note, actorId, createdAt: clock.now() };
}

/**
 * A transaction as its API answers show it; `pins` and `cards` only for one purchase's own answer
 * (purchases/vouchers.ts, `onePurchaseFields`).
 */
export function transactionView(
  row: TransactionRow,
  onlyOne: Pick<TransactionView, "pins" | "cards"> = {},
): TransactionView {
  return {
    ...onlyOne,
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    fee: row.fee,
    discount: row.discount,
    total: row.total,
    description: row.description,
    recipient: row.recipient,
    product: row.product,
    provider_reference: row.providerReference,
    token: row.token,
    units: row.units,
    customer_name: row.customerName,
    failure_reason: row.failureReason,
    balance_before: row.balanceBefore,
    balance_after: row.balanceAfter,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface TransactionFilter {
  userId?: string | undefined;
  kind?: TransactionKind | undefined;
  status?: TransactionStatus | undefined;
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  page_size: number;
}

export function transactionConditions(
  filter: Omit<TransactionFilter, "page" | "page_size">,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(transactions.userId, filter.userId));
  if (filter.kind) conditions.push(eq(transactions.kind, filter.kind));
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (filter.from) conditions.push(gte(transactions.createdAt, filter.from));
  if (filter.to) conditions.push(lt(transactions.createdAt, filter.to));
  const any = containedInAny(filter.search, searchedFields);
  if (any) conditions.push(any);
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first, paged as the contract says. */
/** What a search over transactions looks in: its reference, recipient and description. */
export const searchedFields = [transactions.reference, transactions.recipient, transactions.description];

export async function listTransactions(db: Queryable, filter: TransactionFilter) {
  const where = transactionConditions(filter);
  const [total] = await db.select({ n: count() }).from(transactions).where(where);
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(filter.page_size)
    .offset(offsetOf(filter));
  return pageOf(
    filter,
    total?.n,
    rows.map((row) => transactionView(row)),
  );
}

export async function findTransaction(
  db: Queryable,
  where: { userId?: string; reference?: string; id?: string },
) {
  const conditions = [
    where.userId ? eq(transactions.userId, where.userId) : undefined,
    where.reference ? eq(transactions.reference, where.reference) : undefined,
    where.id ? eq(transactions.id, where.id) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(...conditions))
    .limit(1);
  return row;
}

/**
 * What the customer's purchases still pending hold of their wallet, as a column of a query: a pending
 * redelivery holds none of it (the business pays for it).
 */
const pendingTotalOf = (userId: SQL | Placeholder) =>
  sql<string>`(select coalesce(sum(${transactions.total}), 0) from ${transactions}
    where ${transactions.userId} = ${userId} and ${transactions.status} = 'pending'
      and ${inArray(transactions.kind, [...purchaseKinds])} and not ${transactions.paidByHouse})`;

/**
 * The customer's wallet with what their pending purchases hold, in one prepared statement: the wallet
 * is read by every open page and by resellers' scripts all day.
 */
export async function walletSummary(db: Queryable, userId: string) {
  const [row] = await preparedOnce(db, "wallet_summary", (db, name) =>
    db
      .select({
        number: wallets.number,
        balance: wallets.balance,
        pendingTotal: pendingTotalOf(sql.placeholder("userId")).mapWith(Number),
      })
      .from(wallets)
      .where(eq(wallets.userId, sql.placeholder("userId")))
      .prepare(name),
  ).execute({ userId });
  return row;
}
