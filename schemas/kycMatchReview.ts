import { z } from "zod/mini";
import { timestamp } from "./common";
import { identityType } from "./kyc";
import { checkSummary, reviewedAccount, reviewer } from "./kycReview";
import { reviewStatus } from "./kycStatus";

/**
 * The console's identity matches (issue 38): checks the registry matched that no code could confirm.
 * Apart from kycReview.ts, which every console page loads with the console's calls: these load with
 * the matches' first call (src/api/adminApi.ts).
 */
/** Why a check the registry matched waits for staff rather than for a code (services/kyc/identityConfirmations.ts). */
export const matchReviewReason = z.enum(["no_registry_phone", "registry_phone_no_sms"]);
export type MatchReviewReason = z.infer<typeof matchReviewReason>;

/** A check the registry matched that staff confirm is the customer's own, since no code could prove it. */
export const matchReviewView = z.object({
  id: z.uuid(),
  status: reviewStatus,
  reason: matchReviewReason,
  id_type: identityType,
  id_last4: z.string(),
  record_name: z.nullable(z.string()).check(z.meta({ description: "The name the registry holds" })),
  record_phone: z
    .nullable(z.string())
    .check(z.meta({ description: "The phone the registry holds (080…), when it holds one" })),
  customer: reviewedAccount,
  checks: z
    .array(checkSummary)
    .check(z.meta({ description: "The customer's latest checks the registry answered, newest first" })),
  created_at: timestamp,
  resolved_at: z.nullable(timestamp),
  resolved_by: reviewer,
  resolution: z.nullable(z.string()),
});
export type MatchReviewView = z.infer<typeof matchReviewView>;
