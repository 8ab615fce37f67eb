import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { BulkBatch, BulkBatchDetail, BulkRowOutcome, BulkRowStatus } from "../../../schemas/bulk";
import type { Queryable } from "../../db/database";
import { newestPage, type PageRequest, pageOf } from "../../db/paging";
import { bulkBatches, bulkRows, transactions } from "../../db/schema";
import { notFound } from "../../refusal";

type BatchRow = typeof bulkBatches.$inferSelect;

// A row's status is read from its purchase each time, never copied: a pending purchase that settles
// later is the row's new status at once, and the two cannot disagree.
const rowStatus = sql<BulkRowStatus>`case when ${bulkRows.placedAt} is null then 'queued' when ${bulkRows.transactionId} is null then 'failed' else ${transactions.status} end`;
/** What a placed row's purchase holds or took: a failed, refunded or reversed one gave it back. */
const charged = sql<number>`coalesce(sum(case when ${transactions.status} in ('pending', 'successful') then ${transactions.total} else 0 end), 0)`;

type Tally = Pick<BulkBatch, "queued" | "done" | "successful" | "pending" | "failed" | "charged">;

/** Each batch's counts by status and what its purchases hold, in one statement. */
async function talliesOf(db: Queryable, ids: string[]): Promise<Map<string, Tally>> {
  const tallies = new Map<string, Tally>();
  if (ids.length === 0) return tallies;
  const grouped = await db
    .select({ batchId: bulkRows.batchId, status: rowStatus, rows: count(), charged: charged.mapWith(Number) })
    .from(bulkRows)
    .leftJoin(transactions, eq(transactions.id, bulkRows.transactionId))
    .where(inArray(bulkRows.batchId, ids))
    .groupBy(bulkRows.batchId, rowStatus);
  for (const g of grouped) {
    const t = tallies.get(g.batchId) ?? {
      queued: 0,
      done: 0,
      successful: 0,
      pending: 0,
      failed: 0,
      charged: 0,
    };
    if (g.status === "queued") t.queued += g.rows;
    else {
      t.done += g.rows;
      if (g.status === "successful") t.successful += g.rows;
      else if (g.status === "pending") t.pending += g.rows;
      else t.failed += g.rows;
    }
    t.charged += g.charged;
    tallies.set(g.batchId, t);
  }
  return tallies;
}

function batchView(batch: BatchRow, tally: Tally | undefined): BulkBatch {
  return {
    id: batch.id,
    kind: batch.kind,
    status: batch.finishedAt ? "finished" : "running",
    request_id: batch.requestId,
    count: batch.rowCount,
    ...(tally ?? { queued: batch.rowCount, done: 0, successful: 0, pending: 0, failed: 0, charged: 0 }),
    total: batch.total,
    created_at: batch.createdAt.toISOString(),
    finished_at: batch.finishedAt?.toISOString() ?? null,
  };
}

/** The batch `id` of `userId` as it stands now; another account's is not found. */
export async function batchOf(db: Queryable, userId: string, id: string): Promise<BulkBatch> {
  const [batch] = await db
    .select()
    .from(bulkBatches)
    .where(and(eq(bulkBatches.id, id), eq(bulkBatches.userId, userId)));
  if (!batch) throw notFound("No such batch.");
  return batchView(batch, (await talliesOf(db, [id])).get(id));
}

/** An airtime row's value as the customer asked for it; a data row's is its plan's, in the description. */
const airtimeValue = (order: unknown): number | null => {
  const amount = (order as { amount?: unknown }).amount;
  return typeof amount === "number" ? amount : null;
};

/** The batch with each row's outcome, in the order of the customer's list. */
export async function batchDetailOf(db: Queryable, userId: string, id: string): Promise<BulkBatchDetail> {
  const batch = await batchOf(db, userId, id);
  const rows = await db
    .select({ row: bulkRows, status: rowStatus, txn: transactions })
    .from(bulkRows)
    .leftJoin(transactions, eq(transactions.id, bulkRows.transactionId))
    .where(eq(bulkRows.batchId, id))
    .orderBy(asc(bulkRows.row));
  const outcomes = rows.map(
    ({ row, status, txn }): BulkRowOutcome => ({
      row: row.row,
      phone: row.recipient,
      description: txn?.description ?? row.description,
      amount: airtimeValue(row.order),
      status,
      transaction_id: txn?.id ?? null,
      reference: txn?.reference ?? null,
      total: txn?.total ?? null,
      msg: row.refusal ?? txn?.failureReason ?? null,
    }),
  );
  return { ...batch, rows: outcomes };
}

/** A batch found by our id or by the request id it was started with (a program knows its own). */
export async function batchIdOf(db: Queryable, userId: string, id: string): Promise<string> {
  const [found] = await db
    .select({ id: bulkBatches.id })
    .from(bulkBatches)
    .where(
      and(
        eq(bulkBatches.userId, userId),
        sql`(${bulkBatches.id} = ${id} or ${bulkBatches.requestId} = ${id})`,
      ),
    )
    .limit(1);
  if (!found) throw notFound("No such batch.");
  return found.id;
}

/** The account's batches, newest first. */
export async function listBatches(db: Queryable, userId: string, page: PageRequest) {
  const mine = eq(bulkBatches.userId, userId);
  const [[total], batches] = await Promise.all([
    db.select({ n: count() }).from(bulkBatches).where(mine),
    newestPage(db.select().from(bulkBatches).where(mine).$dynamic(), bulkBatches, page),
  ]);
  const tallies = await talliesOf(
    db,
    batches.map((b) => b.id),
  );
  return pageOf(
    page,
    total?.n,
    batches.map((b) => batchView(b, tallies.get(b.id))),
  );
}
