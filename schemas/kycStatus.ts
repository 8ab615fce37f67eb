import { z } from "zod/mini";
import { kobo, pastDate, timestamp } from "./common";
import { identityNumber, identityType, kycTier, tierSource } from "./kyc";

/**
 * What the customer's profile reads of their KYC and sends to raise it: the status (tier, limits,
 * the checked identity, where a correction or contest stands) and the identity check itself. Kept
 * apart from kyc.ts, which every signed-in page loads through the profile's schema.
 */

const dateOfBirth = z.optional(pastDate).check(z.meta({ title: "Date of birth" }));

export const kycVerifyBody = z.strictObject({
  id_type: identityType,
  number: identityNumber,
  date_of_birth: dateOfBirth,
});
export type KycVerifyBody = z.infer<typeof kycVerifyBody>;

/** What the registry's answer to one check came to (services/kyc/recordMatch.ts). */
export const identityCheckOutcomes = [
  "matched",
  "taken",
  "name_mismatch",
  "dob_mismatch",
  "phone_mismatch",
  "not_found",
  "refused",
] as const;
export const identityCheckOutcome = z.enum(identityCheckOutcomes);
export type IdentityCheckOutcome = z.infer<typeof identityCheckOutcome>;

/** Where a correction or a contest stands with staff. */
export const reviewStatus = z.enum(["pending", "approved", "rejected"]);
export type ReviewStatus = z.infer<typeof reviewStatus>;

/** A customer's tier, what it allows, and how much of today's allowance is used (Lagos day). */
export const kycStatus = z.object({
  tier: kycTier,
  tier_source: tierSource,
  id_type: z.nullable(identityType),
  id_last4: z.nullable(z.string()).check(z.meta({ description: "The checked number's last four digits" })),
  verified_name: z
    .nullable(z.string())
    .check(z.meta({ description: "The name the provider holds for that number" })),
  verified_at: z.nullable(timestamp),
  daily_limit: kobo.check(z.meta({ description: "Purchases per Lagos day, in kobo" })),
  max_balance: kobo.check(z.meta({ description: "The most the wallet may hold, in kobo" })),
  spent_today: kobo.check(z.meta({ description: "Purchases so far today (pending and delivered), in kobo" })),
  can_verify: z
    .boolean()
    .check(z.meta({ description: "An identity check can raise this account's tier now" })),
  // The details_locked, last_check, change_request, contest and confirmation fields are told in CONTRACT.md, not
  // here: this schema goes to every customer page, and the bundle budgets count its words.
  details_locked: z.boolean(),
  last_check: z.nullable(
    z.object({
      id_type: identityType,
      id_last4: z.string(),
      outcome: identityCheckOutcome,
      checked_at: timestamp,
    }),
  ),
  change_request: z.nullable(
    z.object({
      status: reviewStatus,
      first_name: z.string(),
      last_name: z.string(),
      date_of_birth: z.iso.date(),
      created_at: timestamp,
      resolved_at: z.nullable(timestamp),
    }),
  ),
  contest: z.nullable(
    z.object({
      status: reviewStatus,
      id_type: identityType,
      id_last4: z.string(),
      created_at: timestamp,
      resolved_at: z.nullable(timestamp),
    }),
  ),
  confirmation: z.nullable(
    z.object({
      state: z.enum(["awaiting_code", "in_review"]),
      id_type: identityType,
      id_last4: z.string(),
      phone: z.nullable(z.string()),
      expires_at: z.nullable(timestamp),
      resend_at: z.nullable(timestamp),
    }),
  ),
});
export type KycStatus = z.infer<typeof kycStatus>;

/** The admin's view adds the reason an admin gave when setting the tier by hand. */
export const adminKycStatus = z.extend(kycStatus, { tier_reason: z.nullable(z.string()) });
export type AdminKycStatus = z.infer<typeof adminKycStatus>;
