import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BulkKind } from "../../../schemas/bulk";
import { bulkBatches, bulkRows } from "../../db/schema";
import type { UserRow } from "../../deps";
import { Refusal } from "../../refusal";
import { requestHash } from "../idempotency";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { checkPin, insufficientFunds } from "../purchases/purchaseRules";
import { bulkFactsOf } from "./bulkFacts";
import { judgeRows, totalOf } from "./bulkJudge";
import { rowRequestId } from "./bulkRequestIds";

export interface BatchRequest {
  kind: BulkKind;
  rows: readonly unknown[];
  request_id: string;
}

/** Who starts a batch: a customer with the PIN (checked once, here), or a program's key (which stands for it). */
export type BatchStarter = { pin: string } | { apiKeyId: string };

const reused = () =>
  new Refusal(
    "request_id_reused",
    "This request_id was already used for a different batch. Start again to get a new one.",
  );

/** The batch an earlier request with this id started, if any; another batch's request id is refused. */
async function earlierBatch(deps: Pick<PurchaseDeps, "db">, userId: string, requestId: string, hash: string) {
  const [found] = await deps.db
    .select({ id: bulkBatches.id, hash: bulkBatches.requestHash })
    .from(bulkBatches)
    .where(and(eq(bulkBatches.userId, userId), eq(bulkBatches.requestId, requestId)));
  if (found && found.hash !== hash) throw reused();
  return found?.id ?? null;
}

/**
 * Starts a batch and answers its id: the same request id answers the batch it started. Refused whole,
 * before the PIN, when any row is bad (each bad row's message in `fields`, `rows.<index>.<field>`);
 * after the PIN, when the wallet does not hold the total now. The rows are bought afterwards by the
 * background worker (bulkPlacing.ts).
 */
export async function startBatch(
  deps: PurchaseDeps,
  user: UserRow,
  request: BatchRequest,
  starter: BatchStarter,
): Promise<string> {
  const hash = requestHash("bulk", { kind: request.kind, rows: request.rows });
  const earlier = await earlierBatch(deps, user.id, request.request_id, hash);
  if (earlier) return earlier;

  const facts = await bulkFactsOf(deps, user, request.kind);
  const judged = await judgeRows(deps, user, request.kind, request.rows, facts);
  const bad = judged.filter((r) => !r.verdict.ok);
  if (bad.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const { verdict } of bad) {
      const named = Object.entries(verdict.fields ?? {});
      if (named.length === 0)
        fields[`rows.${verdict.row - 1}`] = [verdict.msg ?? "This row cannot be bought."];
      for (const [field, messages] of named) fields[`rows.${verdict.row - 1}.${field}`] = messages;
    }
    const first = bad[0]?.verdict;
    const others = bad.length > 1 ? ` (and ${bad.length - 1} more row${bad.length > 2 ? "s" : ""})` : "";
    throw new Refusal("invalid_input", `Row ${first?.row}: ${first?.msg}${others}`, { fields });
  }
  if ("pin" in starter) await checkPin(deps, user, starter.pin);
  const total = totalOf(judged);
  if (total > facts.balance) throw insufficientFunds(total, facts.balance);

  const id = randomUUID();
  const now = deps.clock.now();
  const started = await deps.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(bulkBatches)
      .values({
        id,
        userId: user.id,
        apiKeyId: "apiKeyId" in starter ? starter.apiKeyId : null,
        kind: request.kind,
        requestId: request.request_id,
        requestHash: hash,
        rowCount: judged.length,
        total,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: bulkBatches.id });
    if (!batch) return null;
    await tx.insert(bulkRows).values(
      judged.map(({ verdict, order }) => ({
        batchId: id,
        row: verdict.row,
        order,
        recipient: order?.phone ?? "",
        description: verdict.description ?? "",
        price: verdict.price ?? 0,
        requestId: rowRequestId(id, verdict.row),
      })),
    );
    return batch.id;
  });
  // The same request sent twice at once: the other one's insert won, and this answers its batch.
  return started ?? ((await earlierBatch(deps, user.id, request.request_id, hash)) as string);
}
