import { z } from "zod/mini";
import { kobo, pastDate, personName, timestamp } from "./common";

/**
 * Tiered KYC, as the CBN's tiered accounts: tier 1 on sign-up, tier 2 once a BVN or NIN is checked
 * against the customer's name, tier 3 only by an admin (address and documents checked outside the app).
 */
export const kycTier = z
  .number({ error: "Choose tier 1, 2 or 3." })
  .check(
    z.int({ error: "Choose tier 1, 2 or 3." }),
    z.minimum(1, { error: "Choose tier 1, 2 or 3." }),
    z.maximum(3, { error: "Choose tier 1, 2 or 3." }),
    z.meta({ title: "Tier" }),
  );
export type KycTier = 1 | 2 | 3;

export const identityType = z.enum(["bvn", "nin"], { error: "Choose BVN or NIN." }).check(
  z.meta({
    title: "Identity number",
    description: "BVN: Bank Verification Number; NIN: National Identification Number",
  }),
);
export type IdentityType = z.infer<typeof identityType>;
export const identityTypeName: Record<IdentityType, string> = { bvn: "BVN", nin: "NIN" };

/**
 * Both are 11 digits. Neither NIBSS (BVN) nor NIMC (NIN) publishes a check-digit algorithm, so only
 * the shape is checked here; whether the number exists, and whose it is, the verification provider says.
 */
export const identityNumber = z.string({ error: "Enter your 11-digit number." }).check(
  z.trim(),
  z.regex(/^\d{11}$/, { error: "Enter your 11-digit number, digits only." }),
  z.refine((value) => !/^(\d)\1{10}$/.test(value), { error: "That is not a real number." }),
  z.meta({ title: "Number" }),
);

const dateOfBirth = z.optional(pastDate).check(
  z.meta({
    title: "Date of birth",
    description:
      "Needed when the profile has none yet; it is saved to the profile and checked with the number",
  }),
);

export const kycVerifyBody = z.strictObject({
  id_type: identityType,
  number: identityNumber,
  date_of_birth: dateOfBirth,
});
export type KycVerifyBody = z.infer<typeof kycVerifyBody>;

/** What the registry's answer to one check came to (services/kyc/recordMatch.ts). */
export const identityCheckOutcome = z.enum([
  "matched",
  "taken",
  "name_mismatch",
  "dob_mismatch",
  "phone_mismatch",
  "not_found",
  "refused",
]);
export type IdentityCheckOutcome = z.infer<typeof identityCheckOutcome>;

/** Where a correction or a contest stands with staff. */
export const reviewStatus = z.enum(["pending", "approved", "rejected"]);
export type ReviewStatus = z.infer<typeof reviewStatus>;

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

/** How the account came by its tier. */
export const tierSource = z.enum(["signup", "identity_check", "admin"]);

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
  details_locked: z.boolean().check(
    z.meta({
      description:
        "First name, last name and date of birth are fixed, since the registry answered a check: changing them needs staff",
    }),
  ),
  last_check: z
    .nullable(
      z.object({
        id_type: identityType,
        id_last4: z.string(),
        outcome: identityCheckOutcome,
        checked_at: timestamp,
      }),
    )
    .check(z.meta({ description: "The latest check the registry answered" })),
  change_request: z
    .nullable(
      z.object({
        status: reviewStatus,
        first_name: z.string(),
        last_name: z.string(),
        date_of_birth: z.iso.date(),
        created_at: timestamp,
        resolved_at: z.nullable(timestamp),
      }),
    )
    .check(z.meta({ description: "The latest correction asked for, and where it stands" })),
  contest: z
    .nullable(
      z.object({
        status: reviewStatus,
        id_type: identityType,
        id_last4: z.string(),
        created_at: timestamp,
        resolved_at: z.nullable(timestamp),
      }),
    )
    .check(z.meta({ description: "The latest contest of a number linked to another account" })),
});
export type KycStatus = z.infer<typeof kycStatus>;

/** The admin's view adds the reason an admin gave when setting the tier by hand. */
export const adminKycStatus = z.extend(kycStatus, { tier_reason: z.nullable(z.string()) });
export type AdminKycStatus = z.infer<typeof adminKycStatus>;

export const kycOverrideBody = z.strictObject({
  tier: kycTier,
  reason: z
    .string({ error: "Give a reason." })
    .check(
      z.trim(),
      z.minLength(5, { error: "Give a reason of at least 5 characters." }),
      z.maxLength(300, { error: "Keep the reason under 300 characters." }),
      z.meta({ title: "Reason", description: "Kept in the audit log" }),
    ),
});
export type KycOverrideBody = z.infer<typeof kycOverrideBody>;

const naira = (n: number) => n * 100;
const limit = (title: string) =>
  kobo.check(
    z.maximum(naira(1_000_000_000), { error: "At most ₦1,000,000,000." }),
    z.meta({ title, widget: "money" }),
  );

/** The limits of each tier, set by admins; each tier allows at least what the one below it does. */
export const kycLimits = z
  .strictObject({
    tier1_daily_limit: limit("Tier 1: purchases a day"),
    tier1_max_balance: limit("Tier 1: most the wallet holds"),
    tier2_daily_limit: limit("Tier 2: purchases a day"),
    tier2_max_balance: limit("Tier 2: most the wallet holds"),
    tier3_daily_limit: limit("Tier 3: purchases a day"),
    tier3_max_balance: limit("Tier 3: most the wallet holds"),
  })
  .check(
    z.superRefine((l, ctx) => {
      const rising = [
        ["tier2_daily_limit", l.tier2_daily_limit, l.tier1_daily_limit, 1],
        ["tier3_daily_limit", l.tier3_daily_limit, l.tier2_daily_limit, 2],
        ["tier2_max_balance", l.tier2_max_balance, l.tier1_max_balance, 1],
        ["tier3_max_balance", l.tier3_max_balance, l.tier2_max_balance, 2],
      ] as const;
      for (const [field, higher, lower, below] of rising) {
        if (higher < lower) {
          ctx.addIssue({ code: "custom", path: [field], message: `Must be at least tier ${below}'s.` });
        }
      }
    }),
  );
export type KycLimits = z.infer<typeof kycLimits>;

/** The CBN's figures for tiered accounts; admins may change them. */
export const defaultKycLimits: KycLimits = {
  tier1_daily_limit: naira(50_000),
  tier1_max_balance: naira(300_000),
  tier2_daily_limit: naira(200_000),
  tier2_max_balance: naira(500_000),
  tier3_daily_limit: naira(5_000_000),
  tier3_max_balance: naira(100_000_000),
};
