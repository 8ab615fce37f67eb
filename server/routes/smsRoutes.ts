import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { notFound, Refusal } from "../refusal";
import { applyDeliveryReport } from "../services/sms/deliveryReports";
import { purchaseSmsOf, resendToken } from "../services/sms/purchaseSms";
import { chooseSmsOutcomes, smsSettingsOf } from "../services/sms/smsPreferences";

export function smsRoutes(deps: AppDeps) {
  return [
    implement(
      "POST /webhooks/termii",
      async ({ raw, c }) => {
        const sms = deps.sms;
        if (!sms) throw notFound();
        if (!sms.gateway.verifyReport(raw, c.req.raw.headers))
          throw new Refusal("bad_signature", "Invalid signature.");
        const report = sms.gateway.parseReport(raw);
        if (!report) return { msg: "Event received.", data: { outcome: "ignored" } };
        const outcome = await applyDeliveryReport(deps, report);
        deps.logger.info(
          { message_id: report.messageId, status: report.outcome, outcome },
          "sms delivery report",
        );
        return { msg: "Event received.", data: { outcome } };
      },
      { rawBody: true },
    ),
    implement("GET /core/customer/sms", async ({ c }) => ({
      msg: "SMS settings.",
      data: await smsSettingsOf(deps, sessionOf(c).user.id),
    })),
    implement("PUT /core/customer/sms", async ({ body, c }) => ({
      msg: "SMS settings saved.",
      data: await chooseSmsOutcomes(deps, sessionOf(c).user.id, body.sms_outcomes),
    })),
    implement("GET /core/customer/transactions/:reference/sms", async ({ params, c }) => ({
      msg: "The purchase's SMS.",
      data: await purchaseSmsOf(deps, sessionOf(c).user.id, params.reference),
    })),
    implement("POST /core/customer/transactions/:reference/resend-token", async ({ params, c }) => {
      const data = await resendToken(deps, sessionOf(c).user.id, params.reference);
      deps.sms?.kick();
      return { msg: "The token will be sent by SMS again.", data };
    }),
  ];
}
