import { and, asc, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { type InstancePresence, livingInstances } from "../../db/instancePresence";
import { bulkBatches, bulkRows } from "../../db/schema";

interface ClaimDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, "providerTimeoutMs" | "requeryBaseDelayMs">;
  instance: Pick<InstancePresence, "id">;
}

type BatchRow = typeof bulkBatches.$inferSelect;
export type ClaimedRow = typeof bulkRows.$inferSelect & { batch: BatchRow };

/**
 * How long a claimed row is this instance's alone: its purchase's first look and hold, the provider's
 * answer (each cut at its time limit, a second provider's too) and the settle. A crashed instance's
 * claims are taken over at once (`livingInstances`), a stuck one's when this runs out.
 */
const leaseMs = (config: Pick<Config, "providerTimeoutMs" | "requeryBaseDelayMs">) =>
  3 * config.providerTimeoutMs + config.requeryBaseDelayMs;

/**
 * Claims up to `limit` queued rows in one statement (FOR UPDATE SKIP LOCKED, so instances claiming at
 * once take different rows), each leased to this instance, and reads their batches. Rows of every
 * batch by their number, so batches started together move on together.
 */
export async function claimRows(deps: ClaimDeps, limit: number): Promise<ClaimedRow[]> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ batchId: bulkRows.batchId, row: bulkRows.row })
    .from(bulkRows)
    .where(
      and(
        isNull(bulkRows.placedAt),
        or(
          isNull(bulkRows.leaseUntil),
          lte(bulkRows.leaseUntil, now),
          sql`${bulkRows.claimedBy} not in ${livingInstances}`,
        ),
      ),
    )
    .orderBy(asc(bulkRows.row))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await deps.db
    .update(bulkRows)
    .set({
      claimedBy: deps.instance.id,
      leaseUntil: new Date(now.getTime() + leaseMs(deps.config)),
      attempts: sql`${bulkRows.attempts} + 1`,
    })
    .where(sql`(${bulkRows.batchId}, ${bulkRows.row}) in (${due})`)
    .returning();
  if (claimed.length === 0) return [];
  const batchIds = [...new Set(claimed.map((r) => r.batchId))];
  const batches = await deps.db.select().from(bulkBatches).where(inArray(bulkBatches.id, batchIds));
  const byId = new Map(batches.map((b) => [b.id, b]));
  return claimed.map((r) => ({ ...r, batch: byId.get(r.batchId) as BatchRow })).sort((a, b) => a.row - b.row);
}
