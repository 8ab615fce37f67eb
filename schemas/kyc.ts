import { z } from "zod/mini";
import { koboAmount } from "./common";
import { kycTier } from "./kycTier";

export { type KycTier, kycTier } from "./kycTier";

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

/** How the account came by its tier. */
export const tierSource = z.enum(["signup", "identity_check", "admin"]);

/** A staff decision's reason, kept in the audit log; `widget` says how the console draws it. */
export const auditedReason = (widget?: "textarea") =>
  z
    .string({ error: "Give a reason." })
    .check(
      z.trim(),
      z.minLength(5, { error: "Give a reason of at least 5 characters." }),
      z.maxLength(300, { error: "Keep the reason under 300 characters." }),
      z.meta({ title: "Reason", description: "Kept in the audit log", ...(widget ? { widget } : {}) }),
    );

export const kycOverrideBody = z.strictObject({
  tier: kycTier,
  reason: auditedReason(),
});
export type KycOverrideBody = z.infer<typeof kycOverrideBody>;

const naira = (n: number) => n * 100;
const limit = (title: string) => koboAmount.check(z.meta({ title, widget: "money" }));

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
