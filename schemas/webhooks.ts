import { z } from "zod/mini";
import { webhookUrl } from "./apiKeys";
import { page, pageQuery } from "./common";

/** A key's webhook URL changed, or taken away with null (its deliveries due still go where they were made for). */
export const apiKeyWebhookBody = z.strictObject({ webhook_url: z.nullable(webhookUrl) });

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
