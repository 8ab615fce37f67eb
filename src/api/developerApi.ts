import { z } from "zod/mini";
import { apiKey } from "../../schemas/apiKeyViews";
import type { apiKeyContracts } from "../../schemas/routes/apiKeys";
import type { BodyOf, CallResult, QueryOf } from "../../schemas/routes/contract";
import type { webhookDeliveryContracts } from "../../schemas/routes/webhookDeliveries";
import { shownOnceKey, webhookDelivery, webhookDeliveryPage } from "../../schemas/webhookDeliveryViews";
import type { ApiClient, CallOptions, ResultSchema } from "./client";

type Routes = typeof apiKeyContracts & typeof webhookDeliveryContracts;

/**
 * The Developer page's routes as the client needs them at run time: only their result schemas (the
 * client sends bodies as typed and parses answers). Taken from the view modules rather than the route
 * tables, whose body schemas bring zod's URL and address rules into every page's code; `satisfies`
 * holds each to its contract's result, so they cannot drift apart.
 */
const routes = {
  "GET /core/customer/api-keys": { result: z.array(apiKey) },
  "POST /core/customer/api-keys": { result: shownOnceKey },
  "DELETE /core/customer/api-keys/:id": { result: apiKey },
  "PATCH /core/customer/api-keys/:id": { result: apiKey },
  "POST /core/customer/api-keys/:id/test-event": { result: webhookDelivery },
  "GET /core/customer/webhook-deliveries": { result: webhookDeliveryPage },
  "POST /core/customer/webhook-deliveries/:id/resend": { result: webhookDelivery },
} satisfies { [K in keyof Routes]: { result: ResultSchema<CallResult<Routes[K]>> } } as unknown as Routes;

// The Developer page says every refusal itself, beside what was asked (a form, a key's buttons), in
// the server's words; a toast as well would say it twice.
const inPlace: CallOptions = { quietFailure: true };
// The new key's modal is the announcement: the server's "Key created…" toast would cover it.
const shownOnPage: CallOptions = { announceSuccess: false, quietFailure: true };

/**
 * The Developer page's calls: API keys, their webhook URL and test event, the deliveries. Loaded with
 * the Developer page (useDeveloperApi), so no other customer page downloads them.
 */
export function developerApi(client: ApiClient) {
  return {
    keys: () => client.call(routes, "GET /core/customer/api-keys", {}, inPlace),
    createKey: (body: BodyOf<Routes["POST /core/customer/api-keys"]>) =>
      client.call(routes, "POST /core/customer/api-keys", { body }, shownOnPage),
    revokeKey: (id: string) =>
      client.call(routes, "DELETE /core/customer/api-keys/:id", { params: { id } }, inPlace),
    setWebhook: (id: string, body: BodyOf<Routes["PATCH /core/customer/api-keys/:id"]>) =>
      client.call(routes, "PATCH /core/customer/api-keys/:id", { params: { id }, body }, inPlace),
    sendTestEvent: (id: string) =>
      client.call(routes, "POST /core/customer/api-keys/:id/test-event", { params: { id } }, inPlace),
    deliveries: (query: QueryOf<Routes["GET /core/customer/webhook-deliveries"]> = {}) =>
      client.call(routes, "GET /core/customer/webhook-deliveries", { query }, inPlace),
    resend: (id: string) =>
      client.call(routes, "POST /core/customer/webhook-deliveries/:id/resend", { params: { id } }, inPlace),
  };
}

export type DeveloperApi = ReturnType<typeof developerApi>;
