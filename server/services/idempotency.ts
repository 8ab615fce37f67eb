import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Queryable } from "../db/database";
import { idempotencyKeys, transactions } from "../db/schema";
import { Refusal } from "../refusal";
import type { TransactionRow } from "./transactions/transactionRecords";

/**
 * A fingerprint of what was asked for: the scope and the order, never the PIN or the duplicate
 * override, so a retry with a corrected PIN is still the same request.
 */
export function requestHash(scope: string, order: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(order)
      .sort()
      .map((key) => [key, order[key]]),
  );
  return createHash("sha256").update(`${scope}\n${canonical}`).digest("hex");
}

/** Raised inside a money transaction when the request id turns out to be taken; the caller replays. */
export class AlreadyRequested extends Error {}

/**
 * What a repeated request id answers: 409 if it asked for something else, 409 while the first request
 * is still being answered, otherwise the transaction the first request made, as it is now.
 */
export async function replayRequest(
  deps: { db: Queryable; clock: Clock },
  userId: string,
  requestId: string,
  hash: string,
  inFlightMs: number,
): Promise<TransactionRow | null> {
  const [found] = await deps.db
    .select({ key: idempotencyKeys, txn: transactions })
    .from(idempotencyKeys)
    .innerJoin(transactions, eq(transactions.id, idempotencyKeys.transactionId))
    .where(requestIs(userId, requestId))
    .limit(1);
  return replayOf(deps.clock, found, hash, inFlightMs);
}

/** The idempotency key of `requestId`, as a condition (for a statement that reads it with other rows). */
export const requestIs = (userId: string, requestId: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId));

/** `replayRequest`'s answer, from the key and the transaction it made, however they were read. */
export function replayOf(
  clock: Clock,
  found: { key: typeof idempotencyKeys.$inferSelect; txn: TransactionRow } | null | undefined,
  hash: string,
  inFlightMs: number,
): TransactionRow | null {
  if (!found) return null;
  if (found.key.requestHash !== hash) {
    throw new Refusal(
      "request_id_reused",
      "This request_id was already used for a different request. Start again to get a new one.",
    );
  }
  const age = clock.now().getTime() - found.key.createdAt.getTime();
  if (!found.key.completedAt && age < inFlightMs) {
    throw new Refusal(
      "request_in_progress",
      "This request is still being processed. Check your transaction history in a moment.",
      { data: { reference: found.txn.reference } },
    );
  }
  return found.txn;
}

export async function completeRequest(
  db: Queryable,
  clock: Clock,
  userId: string,
  requestId: string,
): Promise<void> {
  await requestCompletion(db, clock, userId, requestId);
}

/** The UPDATE that marks a request answered, unsent: a step of a larger statement (`writeStep`). */
export function requestCompletion(db: Queryable, clock: Clock, userId: string, requestId: string) {
  return db
    .update(idempotencyKeys)
    .set({ completedAt: clock.now() })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)));
}

/**
 * Inside the money transaction that made the transaction: the request id now points at it, so a retry
 * replays instead of charging again. A request answered in the same transaction is complete at once.
 */
export async function recordRequest(db: Queryable, now: Date, request: RequestRecord): Promise<void> {
  await requestInsert(db, now, request);
}

interface RequestRecord {
  userId: string;
  requestId: string;
  scope: string;
  hash: string;
  transactionId: string;
  completed?: boolean;
}

/** The INSERT of `recordRequest`, unsent: a step of a larger statement (`writeStep`). */
export function requestInsert(db: Queryable, now: Date, request: RequestRecord) {
  return db.insert(idempotencyKeys).values(requestValues(now, request));
}

/** The row `requestInsert` writes. */
export function requestValues(now: Date, request: RequestRecord) {
  return {
    userId: request.userId,
    requestId: request.requestId,
    scope: request.scope,
    requestHash: request.hash,
    transactionId: request.transactionId,
    completedAt: request.completed ? now : null,
    createdAt: now,
  };
}

/** The purchase the customer's request id made, if it made one (a retry, a restart, another instance). */
export async function purchaseOfRequest(db: Queryable, userId: string, requestId: string) {
  const [taken] = await db
    .select({ id: idempotencyKeys.transactionId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, requestId)))
    .limit(1);
  return taken?.id ?? null;
}

/** Inside the money transaction, after the wallet is locked: a taken id means replay, not a second charge. */
export async function assertRequestNew(db: Queryable, userId: string, requestId: string): Promise<void> {
  if (await purchaseOfRequest(db, userId, requestId)) throw new AlreadyRequested();
}
