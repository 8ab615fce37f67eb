import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { webhookDeliveries } from "../../db/schema";
import { postWebhook } from "../../outside/webhooks/webhookPost";
import { signingSecretOf } from "../resellers/apiKeys";
import { webhookBodyOf } from "./webhookBodies";
import { signatureHeader } from "./webhookSignature";

export interface WebhookDeps {
  db: Database;
  clock: Clock;
  logger: Pick<Logger, "warn" | "error">;
  config: Pick<Config, "totpKey" | "webhooks">;
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** The waits after each failed try, in units of WEBHOOK_RETRY_BASE_MS (1 minute): 1, 5, 15 min, 1, 6, 24 h. */
export const retrySteps = [1, 5, 15, 60, 360, 1440] as const;
/** A receiver answering within this, or the try counts as failed. */
export const webhookTimeoutMs = 10_000;
/** How long a claimed delivery is left to its worker before another instance may send it. */
const claimLeaseMs = 60_000;
const batchSize = 20;

/** When the next try is due after `attempts` tries failed, or null once the schedule is spent. */
export function nextTryDelayMs(retryBaseMs: number, attempts: number): number | null {
  const step = retrySteps[attempts - 1];
  return step === undefined ? null : step * retryBaseMs;
}

/** Takes due deliveries for this worker (FOR UPDATE SKIP LOCKED), making each one's body if not yet made. */
async function claimDueDeliveries(deps: WebhookDeps): Promise<Delivery[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          isNull(webhookDeliveries.deliveredAt),
          isNull(webhookDeliveries.gaveUpAt),
          lte(webhookDeliveries.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const claimed: Delivery[] = [];
    for (const delivery of due) {
      const body = delivery.body ?? webhookBodyOf(delivery);
      const [row] = await tx
        .update(webhookDeliveries)
        .set({ body, nextAttemptAt: new Date(now.getTime() + claimLeaseMs) })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning();
      if (row) claimed.push(row);
    }
    return claimed;
  });
}

/** One try: the body as made, signed now; what came back (a status) or why nothing did. */
async function tryOnce(deps: WebhookDeps, delivery: Delivery) {
  const body = delivery.body ?? "";
  const now = deps.clock.now();
  const secret = signingSecretOf(deps.config.totpKey, delivery.apiKeyId);
  try {
    const status = await postWebhook({
      url: delivery.url,
      body,
      headers: {
        "content-type": "application/json",
        "user-agent": "OjaPay-Webhooks/1",
        "x-ojapay-event": delivery.event,
        "x-ojapay-delivery": delivery.id,
        "x-ojapay-signature": signatureHeader(secret, Math.floor(now.getTime() / 1000), body),
      },
      allowPrivate: deps.config.webhooks.allowPrivate,
      timeoutMs: webhookTimeoutMs,
    });
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : "no answer";
    return { status: null, error: reason.slice(0, 300) };
  }
}

/** Records a try: delivered on a 2xx, else the next try booked, or given up once the schedule is spent. */
async function recordTry(
  deps: WebhookDeps,
  delivery: Delivery,
  outcome: { status: number | null; error: string | null },
) {
  const now = deps.clock.now();
  const attempts = delivery.attempts + 1;
  const delay = outcome.error ? nextTryDelayMs(deps.config.webhooks.retryBaseMs, attempts) : null;
  await deps.db
    .update(webhookDeliveries)
    .set({
      attempts,
      lastAttemptAt: now,
      lastStatus: outcome.status,
      lastError: outcome.error,
      ...(outcome.error === null && { deliveredAt: now }),
      ...(outcome.error !== null && delay !== null && { nextAttemptAt: new Date(now.getTime() + delay) }),
      ...(outcome.error !== null && delay === null && { gaveUpAt: now }),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (outcome.error !== null && delay === null)
    deps.logger.warn(
      { delivery: delivery.id, key: delivery.apiKeyId, error: outcome.error },
      "webhook given up after its last try",
    );
}

/**
 * Sends the webhooks due, each outside any database transaction; answers how many were tried. Any
 * instance may run it: a claimed delivery is booked a minute on, so no other sends it meanwhile.
 */
export async function deliverDueWebhooks(deps: WebhookDeps): Promise<number> {
  const claimed = await claimDueDeliveries(deps);
  await Promise.all(
    claimed.map(async (delivery) => recordTry(deps, delivery, await tryOnce(deps, delivery))),
  );
  return claimed.length;
}
