import { z } from "zod/mini";
import { webhookUrl } from "./apiKeys";

/** A key's webhook URL changed, or taken away with null (its deliveries due still go where they were made for). */
export const apiKeyWebhookBody = z.strictObject({ webhook_url: z.nullable(webhookUrl) });

// The deliveries as their owner reads them live in webhookDeliveryViews.ts, which web pages import.
export {
  type WebhookDelivery,
  webhookDelivery,
  webhookDeliveryPage,
  webhookDeliveryQuery,
  webhookDeliveryStatus,
} from "./webhookDeliveryViews";
