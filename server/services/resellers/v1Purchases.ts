import { and, eq } from "drizzle-orm";
import type { V1PurchaseBody } from "../../../schemas/v1Api";
import type { Database } from "../../db/database";
import { idempotencyKeys, transactions } from "../../db/schema";
import { notFound } from "../../refusal";
import type { PurchaseDeps } from "../purchases/placePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { KeyCaller } from "./apiCallers";
import { buyWithKey, type KeyOrder } from "./keyPurchases";

/** A v1 purchase: its body is the order, `kind` first, with the caller's request id. */
export function buyV1(deps: PurchaseDeps, caller: KeyCaller, body: V1PurchaseBody): Promise<TransactionRow> {
  const { request_id: _id, ...order } = body;
  return buyWithKey(deps, caller, "v1", order as KeyOrder, body);
}

/** One of the caller's purchases by our id, or else by the request id it was bought with. */
export async function v1PurchaseOfCaller(
  db: Database,
  caller: KeyCaller,
  id: string,
): Promise<TransactionRow> {
  const [byId] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.userId, caller.user.id)));
  if (byId) return byId;
  const [byRequest] = await db
    .select({ txn: transactions })
    .from(idempotencyKeys)
    .innerJoin(transactions, eq(transactions.id, idempotencyKeys.transactionId))
    .where(and(eq(idempotencyKeys.userId, caller.user.id), eq(idempotencyKeys.requestId, id)));
  if (!byRequest) throw notFound("No such purchase.");
  return byRequest.txn;
}
