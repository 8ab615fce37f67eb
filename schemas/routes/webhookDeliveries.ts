import { apiKey } from "../apiKeys";
import { idParam } from "../common";
import { apiKeyWebhookBody, webhookDelivery, webhookDeliveryPage, webhookDeliveryQuery } from "../webhooks";
import { contracts } from "./contract";

export const webhookDeliveryContracts = contracts({
  "PATCH /core/customer/api-keys/:id": {
    tag: "API keys",
    summary: "Set or remove the key's webhook URL (https only); deliveries already made keep theirs",
    params: idParam,
    body: apiKeyWebhookBody,
    result: apiKey,
  },
  "POST /core/customer/api-keys/:id/test-event": {
    tag: "API keys",
    summary: "Send a signed test event to the key's webhook URL now; answers the delivery",
    params: idParam,
    result: webhookDelivery,
    successStatus: 201,
  },
  "GET /core/customer/webhook-deliveries": {
    tag: "API keys",
    summary: "The webhooks sent for the account's keys, newest first: status, tries, the last answer",
    query: webhookDeliveryQuery,
    result: webhookDeliveryPage,
  },
  "POST /core/customer/webhook-deliveries/:id/resend": {
    tag: "API keys",
    summary: "Send a delivery again, the same body to the key's URL as it is now, as a new delivery",
    params: idParam,
    result: webhookDelivery,
    successStatus: 201,
  },
});

export type WebhookDeliveryContracts = typeof webhookDeliveryContracts;
