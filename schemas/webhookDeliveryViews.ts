import { z } from "zod/mini";
import { apiKey } from "./apiKeyViews";
import { page, pageQuery } from "./common";

/*
 * What the customer's Developer page reads, apart from apiKeys.ts and webhooks.ts: their request
 * bodies check URLs and IP addresses with zod's url, IPv4 and IPv6 rules, and any web page importing
 * those modules would put those rules into the code every signed-in page loads (0.7 kB).
 */

export const webhookDeliveryStatus = z.enum(["pending", "delivered", "failed"]);

/** One webhook delivery as its key's owner sees it. */
export const webhookDelivery = z.object({
  id: z.uuid(),
  key_id: z.uuid(),
  event: z.enum(["purchase.settled", "test"]),
  reference: z.nullable(z.string()),
  url: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number(),
  last_status: z.nullable(z.number()),
  last_error: z.nullable(z.string()),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryQuery = z.extend(pageQuery, {
  key_id: z.optional(z.uuid({ error: "Choose one of your keys." })),
  status: z.optional(webhookDeliveryStatus),
});
export const webhookDeliveryPage = page(webhookDelivery);

/** A new key as the create answers it, the once: the Developer page's copy of apiKeys.ts's `apiKeyCreated`. */
export const shownOnceKey = z.extend(apiKey, { key: z.string(), signing_secret: z.string() });
export type ShownOnceKey = z.infer<typeof shownOnceKey>;
