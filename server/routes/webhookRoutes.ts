import { eq } from "drizzle-orm";
import { z } from "zod";
import { transactions } from "../db/schema";
import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { ApiError, badRequest } from "../http/errors";
import { defineRoute } from "../http/route";
import { applyGatewayPayment } from "../services/funding/gatewayPayments";
import { requeryOne } from "../services/purchases/requeryWorker";

const paystackEventDoc = z
  .object({
    event: z.string(),
    data: z.object({ id: z.number(), reference: z.string(), amount: z.number().int() }),
  })
  .meta({ description: "Paystack's event; `x-paystack-signature` is the HMAC-SHA512 of the raw body" });
const vtpassEventDoc = z
  .object({ type: z.literal("transaction-update"), data: z.object({ requestId: z.string() }) })
  .meta({ description: "VTpass's transaction-update: a hint, confirmed by requery before any money moves" });

export function webhookRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "post",
      path: "/webhooks/paystack",
      tag: "Public",
      summary: "Paystack's events; the signature is checked on the raw body before anything parses it",
      body: paystackEventDoc,
      rawBody: true,
      result: z.object({ outcome: z.string() }),
      async handle({ raw, c }) {
        const allowed = deps.config.paystackWebhookIps;
        if (allowed && !allowed.includes(clientAddress(c, deps.config.trustProxy) ?? "")) {
          throw new ApiError(403, "This address may not send payment events.");
        }
        if (!deps.gateway.verifySignature(raw, c.req.raw.headers))
          throw new ApiError(401, "Invalid signature.");
        const event = deps.gateway.parseWebhook(raw);
        if (!event) throw badRequest("This is not an event Paystack sends.");
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
    }),
    defineRoute({
      method: "post",
      path: "/webhooks/vtpass",
      tag: "Public",
      summary: "VTpass's transaction-update: the purchase is requeried, and only that answer moves money",
      body: vtpassEventDoc,
      rawBody: true,
      result: z.object({ outcome: z.string() }),
      async handle({ raw }) {
        const requestId = deps.provider.webhookRequestId(raw);
        if (!requestId) throw badRequest("This is not an event VTpass sends.");
        const [row] = await deps.db
          .select()
          .from(transactions)
          .where(eq(transactions.providerRequestId, requestId))
          .limit(1);
        // Unknown or already final: nothing to ask. VTpass is still told "success" so it stops sending.
        const askable = row && (row.status === "pending" || row.status === "successful");
        const outcome = askable ? (await requeryOne(deps, row, "webhook")).status : "ignored";
        deps.logger.info({ requestId, outcome }, "provider event");
        return { msg: "Event received.", data: { outcome }, extra: { response: "success" } };
      },
    }),
  ];
}
