import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { Refusal } from "../refusal";
import { applyGatewayPayment } from "../services/funding/gatewayPayments";
import { requeryOnProviderEvent } from "../services/purchases/requeryWorker";

export function webhookRoutes(deps: AppDeps) {
  return [
    implement(
      "POST /webhooks/paystack",
      async ({ raw, c }) => {
        const allowed = deps.config.paystackWebhookIps;
        if (allowed && !allowed.includes(clientAddress(c, deps.config.trustProxy) ?? "")) {
          throw new Refusal("forbidden", "This address may not send payment events.");
        }
        if (!deps.gateway.verifySignature(raw, c.req.raw.headers))
          throw new Refusal("bad_signature", "Invalid signature.");
        const event = deps.gateway.parseWebhook(raw);
        if (!event) throw new Refusal("invalid_input", "This is not an event Paystack sends.");
        if (event.kind === "ignored") return { msg: "Event received.", data: { outcome: "ignored" } };
        const { outcome } = await applyGatewayPayment(deps, deps.gateway.name, event.payment, {
          how: "webhook",
          eventId: `${event.event}:${event.payment.id}`,
        });
        deps.logger.info(
          { gateway: deps.gateway.name, reference: event.payment.reference, outcome },
          "gateway event",
        );
        return { msg: "Event received.", data: { outcome } };
      },
      { rawBody: true },
    ),
    implement(
      "POST /webhooks/vtpass",
      async ({ raw }) => {
        const requestId = deps.provider.webhookRequestId(raw);
        if (!requestId) throw new Refusal("invalid_input", "This is not an event VTpass sends.");
        const outcome = await requeryOnProviderEvent(deps, requestId);
        // VTpass is told "success" whatever came of it, so it stops sending.
        deps.logger.info({ requestId, outcome }, "provider event");
        return { msg: "Event received.", data: { outcome }, extra: { response: "success" } };
      },
      { rawBody: true },
    ),
  ];
}
