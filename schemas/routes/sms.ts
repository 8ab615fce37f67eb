import { z } from "zod/mini";
import { purchaseSms, smsSettings, smsSettingsBody } from "../sms";
import { referenceParam } from "../transactions";
import { contracts } from "./contract";

const termiiReportDoc = z.object({ message_id: z.string(), status: z.string() }).check(
  z.meta({
    description: "Termii's delivery report; `X-Termii-Signature` is the HMAC-SHA512 of the raw body",
  }),
);

/** SMS: the customer's setting, a purchase's SMS and "Resend token", and Termii's delivery reports. */
export const smsContracts = contracts({
  "POST /webhooks/termii": {
    tag: "Public",
    summary: "Termii's delivery reports; the signature is checked on the raw body before anything parses it",
    body: termiiReportDoc,
    result: z.object({ outcome: z.string() }),
  },
  "GET /core/customer/sms": {
    tag: "SMS",
    summary: "Whether SMS is on here, and which purchases' outcomes the customer is told by SMS",
    result: smsSettings,
  },
  "PUT /core/customer/sms": {
    tag: "SMS",
    summary: "Choose which purchases' outcomes come by SMS: off, electricity (the default) or all",
    body: smsSettingsBody,
    result: smsSettings,
  },
  "GET /core/customer/transactions/:reference/sms": {
    tag: "SMS",
    summary: "The last SMS about one of the customer's purchases, for its receipt",
    params: referenceParam,
    result: purchaseSms,
  },
  "POST /core/customer/transactions/:reference/resend-token": {
    tag: "SMS",
    summary: "Send a prepaid electricity token again by SMS (three times a day per purchase)",
    params: referenceParam,
    result: purchaseSms,
    successStatus: 202,
  },
});
