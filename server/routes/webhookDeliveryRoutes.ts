import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { setKeyWebhook } from "../services/resellers/apiKeys";
import { listDeliveries, resendDelivery, sendTestEvent } from "../services/webhooks/webhookDeliveries";

/** A key holder's webhooks: the URL, a test event, what was delivered, and sending one again. */
export function webhookDeliveryRoutes(deps: AppDeps) {
  return [
    implement("PATCH /core/customer/api-keys/:id", async ({ params, body, c }) => ({
      msg: body.webhook_url ? "Webhook URL saved." : "Webhook URL removed.",
      data: await setKeyWebhook(
        deps,
        sessionOf(c).user,
        params.id,
        body.webhook_url,
        clientAddress(c, deps.config.trustProxy),
      ),
    })),
    implement("POST /core/customer/api-keys/:id/test-event", async ({ params, c }) => ({
      msg: "Test event on its way.",
      data: await sendTestEvent(deps, sessionOf(c).user.id, params.id),
    })),
    implement("GET /core/customer/webhook-deliveries", async ({ query, c }) => ({
      msg: "Deliveries retrieved.",
      data: await listDeliveries(deps.db, sessionOf(c).user.id, query),
    })),
    implement("POST /core/customer/webhook-deliveries/:id/resend", async ({ params, c }) => ({
      msg: "Delivery sent again.",
      data: await resendDelivery(deps, sessionOf(c).user.id, params.id),
    })),
  ];
}
