import { z } from "zod/mini";
import type { ExamBody } from "./catalogue";
import { integer, maxPlanId, phone } from "./common";
import { confirmation } from "./purchases";

// The exam-PIN wizard's bodies, in a file of their own: the other wizards' pages never download them
// (the contracts load with the exam-PIN wizard's first call, src/api/customerApi.ts).

export const examBodyNames: Record<ExamBody, string> = {
  waec: "WAEC",
  neco: "NECO",
  nabteb: "NABTEB",
  jamb: "JAMB",
};

/** The most PINs of one product bought at once; a JAMB PIN is for one candidate's profile, one at a time. */
export const maxExamPins = 10;
export const examPinsAtOnce = (needsProfile: boolean) => (needsProfile ? 1 : maxExamPins);

const examProductId = integer().check(z.minimum(1), z.maximum(maxPlanId), z.meta({ title: "Exam PIN" }));
/** A JAMB candidate's profile ID, from JAMB's own site: 10 digits. */
export const profileId = z
  .string()
  .check(
    z.trim(),
    z.regex(/^\d{10}$/, { error: "A JAMB profile ID is 10 digits." }),
    z.meta({ title: "JAMB profile ID" }),
  );
export const examPinVerifyBody = z.strictObject({ product: examProductId, profile_id: profileId });
export type ExamPinVerifyBody = z.infer<typeof examPinVerifyBody>;
export const examPinVerifyResult = z.object({
  customer_name: z.string().check(z.meta({ description: "The candidate's name as JAMB has it" })),
});
export type ExamPinVerifyResult = z.infer<typeof examPinVerifyResult>;
export const examPinPurchaseBody = z.strictObject({
  product: examProductId,
  quantity: integer().check(
    z.minimum(1, { error: `Buy 1 to ${maxExamPins} PINs.` }),
    z.maximum(maxExamPins, { error: `Buy 1 to ${maxExamPins} PINs.` }),
    z.meta({ title: "How many" }),
  ),
  phone,
  profile_id: z.optional(profileId),
  ...confirmation,
});
export type ExamPinPurchaseBody = z.infer<typeof examPinPurchaseBody>;
