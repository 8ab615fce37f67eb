import { z } from "zod";
import type { AppDeps } from "../deps";
import { ApiError, badRequest, notFound } from "../http/errors";
import { defineRoute } from "../http/route";
import { creditFromGateway } from "../services/funding/walletFunding";

const gatewayEventDoc = z
  .object({
    event: z.string(),
    data: z.object({ id: z.string(), reference: z.string(), amount: z.number().int() }),
  })
  .meta({ description: "The gateway's event, signed with HMAC-SHA512 of the raw body" });

export function webhookRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "post",
      path: "/webhooks/:gateway",
      tag: "Public",
      summary: "Payment gateway events; the signature is checked on the raw body before anything parses it",
      params: z.strictObject({ gateway: z.string().regex(/^[a-z]{2,20}$/) }),
      body: gatewayEventDoc,
      rawBody: true,
      result: z.object({ outcome: z.string() }),
      async handle({ params, raw, c }) {
        if (params.gateway !== deps.gateway.name) throw notFound("No such payment gateway.");
        if (!deps.gateway.verifySignature(raw, c.req.raw.headers))
          throw new ApiError(401, "Invalid signature.");
        const event = deps.gateway.parseEvent(raw);
        if (!event) throw badRequest("This is not an event the gateway sends.");
        const outcome = await creditFromGateway(deps, deps.gateway.name, event);
        deps.logger.info({ gateway: params.gateway, reference: event.reference, outcome }, "gateway event");
        return { msg: "Event received.", data: { outcome } };
      },
    }),
  ];
}
