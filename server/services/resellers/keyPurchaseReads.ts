import { and, count, desc, eq } from "drizzle-orm";
import type { PurchaseKind } from "../../../schemas/transactions";
import type { Database } from "../../db/database";
import { transactions } from "../../db/schema";
import { notFound } from "../../refusal";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { KeyCaller } from "./apiCallers";

/** One of the caller's purchases by our id, or not found (another account's is not found either). */
export async function keyPurchaseById(
  deps: { db: Database },
  caller: KeyCaller,
  id: string,
): Promise<TransactionRow> {
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.id, id));
  if (!row || row.userId !== caller.user.id) throw notFound();
  return row;
}

/** The market's dialect pages lists 20 at a time, as Django REST framework does. */
export const msorgPageSize = 20;

/** The caller's purchases of one kind, newest first, one page of them, and how many there are in all. */
export async function keyPurchasesOfKind(db: Database, caller: KeyCaller, kind: PurchaseKind, page: number) {
  const mine = and(eq(transactions.userId, caller.user.id), eq(transactions.kind, kind));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(mine)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(msorgPageSize)
      .offset((page - 1) * msorgPageSize),
    db.select({ n: count() }).from(transactions).where(mine),
  ]);
  return { rows, total: total?.n ?? 0 };
}
