import { z } from "zod/mini";
import { pastDate, personName } from "./common";
import { identityNumber, identityType } from "./kyc";

/**
 * What a customer sends staff about their identity: a correction of the details a check fixed, and
 * a contest of a number another account holds. Loaded only when one is sent (src/api/customerApi.ts).
 */

const reviewNote = z
  .string()
  .check(
    z.trim(),
    z.maxLength(500, { error: "Keep the note under 500 characters." }),
    z.meta({ title: "Anything staff should know (optional)", widget: "textarea" }),
  );

/**
 * A correction of the details an identity check fixed: the names and date of birth as they should
 * be. Staff apply it or refuse it; nothing changes until then.
 */
export const kycChangeRequestBody = z
  .strictObject({
    first_name: z.optional(personName("First name")),
    last_name: z.optional(personName("Last name")),
    date_of_birth: z.optional(pastDate).check(z.meta({ title: "Date of birth" })),
    note: z.optional(reviewNote),
  })
  .check(
    z.refine(
      (body) =>
        body.first_name !== undefined || body.last_name !== undefined || body.date_of_birth !== undefined,
      { error: "Give your name or date of birth as it should be." },
    ),
  );
export type KycChangeRequestBody = z.infer<typeof kycChangeRequestBody>;

/** The true owner of a number already linked to another account asks staff to look into it. */
export const kycContestBody = z.strictObject({
  id_type: identityType,
  number: identityNumber,
  note: z.optional(reviewNote),
});
export type KycContestBody = z.infer<typeof kycContestBody>;

/** The 6-digit code sent by SMS to the phone the registry holds for a matched BVN or NIN. */
export const identityCodeBody = z.strictObject({
  code: z
    .string()
    .check(
      z.trim(),
      z.regex(/^\d{6}$/, { error: "Enter the 6 digits of the code we sent by text message." }),
      z.meta({ title: "Code", description: "The 6-digit code sent by SMS" }),
    ),
});
export type IdentityCodeBody = z.infer<typeof identityCodeBody>;
