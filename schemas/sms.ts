import { z } from "zod/mini";
import { integer, timestamp } from "./common";

/** Which purchases' outcomes a customer is told by SMS; a prepaid token is sent whatever this says. */
export const smsOutcomesSetting = z.enum(["off", "electricity", "all"]);
export type SmsOutcomesSetting = z.infer<typeof smsOutcomesSetting>;

/** `sms_on` false: this OjaPay sends no SMS ("by email only"). */
export const smsSettings = z.object({
  sms_on: z.boolean(),
  sms_outcomes: smsOutcomesSetting,
});
export type SmsSettings = z.infer<typeof smsSettings>;

export const smsSettingsBody = z.strictObject({ sms_outcomes: smsOutcomesSetting });

/**
 * Where a message stands: queued (not yet taken by the gateway), sent (taken, no report yet),
 * delivered, dnd, failed, expired (as the handset network reported), unclear (the gateway's answer
 * was lost: it may have gone), gave_up (the gateway refused it all day).
 */
export const smsState = z.enum([
  "queued",
  "sent",
  "delivered",
  "dnd",
  "failed",
  "expired",
  "unclear",
  "gave_up",
]);
export type SmsState = z.infer<typeof smsState>;

/** A purchase's SMS as its receipt shows it: the last message about it, and what "Resend token" allows. */
export const purchaseSms = z.object({
  sms_on: z.boolean(),
  sms: z.nullable(
    z.object({
      purpose: z.string(),
      state: smsState,
      status: z.nullable(z.string()).check(z.meta({ description: "The gateway's report, as it wrote it" })),
      at: timestamp,
    }),
  ),
  kcts: z.nullable(z.array(z.string())).check(
    z.meta({
      description: "A prepaid meter's key change tokens, KCT1 then KCT2, when the disco gave them",
    }),
  ),
  can_resend_token: z.boolean(),
  resends_left: integer().check(z.meta({ description: "Token resends left today (three a day)" })),
});
export type PurchaseSms = z.infer<typeof purchaseSms>;
