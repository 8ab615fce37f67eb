import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod/mini";
import type { WebhookDelivery, webhookDeliveryQuery } from "../../../schemas/webhooks";
import type { Database } from "../../db/database";
import { offsetOf, pageOf } from "../../db/paging";
import { apiKeys, transactions, webhookDeliveries } from "../../db/schema";
import { notFound, Refusal } from "../../refusal";
import { webhookBodyOf } from "./webhookBodies";
import { deliverDueWebhooks, type WebhookDeps } from "./webhookOutbox";

type Delivery = typeof webhookDeliveries.$inferSelect;

function deliveryView(row: Delivery, reference: string | null): WebhookDelivery {
  const status = row.deliveredAt ? "delivered" : row.gaveUpAt ? "failed" : "pending";
  return {
    id: row.id,
    key_id: row.apiKeyId,
    event: row.event,
    reference,
    url: row.url,
    status,
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: status === "pending" ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const statusIs = {
  delivered: isNotNull(webhookDeliveries.deliveredAt),
  failed: isNotNull(webhookDeliveries.gaveUpAt),
  pending: and(isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.gaveUpAt)),
};

/** The account's webhook deliveries, newest first; by key and by status when asked. */
export async function listDeliveries(
  db: Database,
  userId: string,
  query: z.output<typeof webhookDeliveryQuery>,
) {
  const where: SQL | undefined = and(
    eq(apiKeys.userId, userId),
    query.key_id ? eq(webhookDeliveries.apiKeyId, query.key_id) : undefined,
    query.status ? statusIs[query.status] : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, reference: transactions.reference })
      .from(webhookDeliveries)
      .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId))
      .leftJoin(transactions, eq(transactions.id, webhookDeliveries.transactionId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId))
      .where(where),
  ]);
  return pageOf(
    query,
    total[0]?.n ?? 0,
    rows.map(({ delivery, reference }) => deliveryView(delivery, reference)),
  );
}

/**
 * One of the caller's keys with the URL its webhooks go to; refused without one. Only a live key, but
 * with `revoked` a revoked one too: the purchases made with it happened, and their outcomes are still
 * sent (docs/RESELLERS.md).
 */
async function hookedKey(db: Database, userId: string, keyId: string, revoked = false) {
  const [key] = await db
    .select()
    .from(apiKeys)
    .where(
      and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), revoked ? undefined : isNull(apiKeys.revokedAt)),
    );
  if (!key) throw notFound("No such key.");
  if (!key.webhookUrl) throw new Refusal("not_allowed", "This key has no webhook URL. Set one first.");
  return { ...key, webhookUrl: key.webhookUrl };
}

/** A new delivery, due now, sent at once (and by the worker again if this try fails). */
async function enqueue(deps: WebhookDeps, values: typeof webhookDeliveries.$inferInsert) {
  const [row] = await deps.db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error("the delivery was not written");
  void deliverDueWebhooks(deps).catch((error) =>
    deps.logger.error({ err: error }, "webhooks due could not be sent just now"),
  );
  return row;
}

/** A test event to the key's webhook URL, so its owner sees their receiver answer (and check the signature). */
export async function sendTestEvent(deps: WebhookDeps, userId: string, keyId: string) {
  const key = await hookedKey(deps.db, userId, keyId);
  const now = deps.clock.now();
  const row = await enqueue(deps, {
    apiKeyId: key.id,
    event: "test",
    url: key.webhookUrl,
    dialect: "v1",
    body: webhookBodyOf({ event: "test", dialect: "v1", snapshot: null }),
    createdAt: now,
    nextAttemptAt: now,
  });
  return deliveryView(row, null);
}

/**
 * Sends a delivery again, as a new delivery with the same body, to the key's webhook URL as it is now
 * (its owner may have fixed it since): the first keeps its own history. A purchase's outcome may be
 * sent again after its key was revoked; a test event only while the key is live.
 */
export async function resendDelivery(deps: WebhookDeps, userId: string, id: string) {
  const [found] = await deps.db
    .select({ delivery: webhookDeliveries, reference: transactions.reference })
    .from(webhookDeliveries)
    .innerJoin(apiKeys, eq(apiKeys.id, webhookDeliveries.apiKeyId))
    .leftJoin(transactions, eq(transactions.id, webhookDeliveries.transactionId))
    .where(and(eq(webhookDeliveries.id, id), eq(apiKeys.userId, userId)));
  if (!found) throw notFound("No such delivery.");
  const { delivery } = found;
  const key = await hookedKey(deps.db, userId, delivery.apiKeyId, delivery.event !== "test");
  const now = deps.clock.now();
  const row = await enqueue(deps, {
    apiKeyId: key.id,
    transactionId: delivery.transactionId,
    event: delivery.event,
    url: key.webhookUrl,
    dialect: delivery.dialect,
    snapshot: delivery.snapshot,
    body: delivery.body ?? webhookBodyOf(delivery),
    createdAt: now,
    nextAttemptAt: now,
  });
  return deliveryView(row, found.reference);
}
