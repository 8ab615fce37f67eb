import type { BodyOf } from "../../schemas/routes/contract";
import { smsContracts } from "../../schemas/routes/sms";
import type { ApiClient } from "./client";

type Sms = typeof smsContracts;
// The receipt and the profile say themselves what came of these calls.
const shownOnPage = { announceSuccess: false, quietFailure: true } as const;

/** The receipt's SMS line and Resend token, and the profile's SMS setting; loaded with the first of them. */
export function smsApi(client: ApiClient) {
  return {
    settings: () => client.call(smsContracts, "GET /core/customer/sms", {}, shownOnPage),
    chooseOutcomes: (body: BodyOf<Sms["PUT /core/customer/sms"]>) =>
      client.call(smsContracts, "PUT /core/customer/sms", { body }, shownOnPage),
    ofPurchase: (reference: string) =>
      client.call(
        smsContracts,
        "GET /core/customer/transactions/:reference/sms",
        { params: { reference } },
        shownOnPage,
      ),
    resendToken: (reference: string) =>
      client.call(
        smsContracts,
        "POST /core/customer/transactions/:reference/resend-token",
        { params: { reference } },
        shownOnPage,
      ),
  };
}

export type SmsApi = ReturnType<typeof smsApi>;
