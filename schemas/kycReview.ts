import { z } from "zod/mini";
import { pageQuery, timestamp } from "./common";
import { auditedReason, identityType, kycTier, tierSource } from "./kyc";
import { identityCheckOutcome, reviewStatus } from "./kycStatus";

/**
 * The console's queue of identity reviews: corrections of details a check fixed, and contests of a
 * number linked to another account. Staff-only, so the customer's pages never load it.
 */
export const reviewQuery = z.extend(pageQuery, {
  status: z
    ._default(reviewStatus, "pending")
    .check(z.meta({ description: "pending (the default), approved or rejected" })),
});

export const reviewDecisionBody = z.strictObject({
  reason: auditedReason("textarea"),
});
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;

/** One identity check the registry answered, as staff read it beside a review. */
export const checkSummary = z.object({
  id_type: identityType,
  id_last4: z.string(),
  outcome: identityCheckOutcome,
  checked_at: timestamp,
});
export type CheckSummary = z.infer<typeof checkSummary>;

export const reviewer = z.nullable(z.object({ id: z.uuid(), email: z.string(), name: z.string() }));

/** A customer as a review shows them: who, how to reach them, and where their identity stands. */
export const reviewedAccount = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.nullable(z.iso.date()),
  phone: z.string(),
  email: z.string(),
  tier: kycTier,
  tier_source: tierSource,
  id_type: z.nullable(identityType),
  id_last4: z.nullable(z.string()),
  verified_at: z.nullable(timestamp),
  joined_at: timestamp,
});
export type ReviewedAccount = z.infer<typeof reviewedAccount>;

const details = z.object({
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.nullable(z.iso.date()),
});

export const changeRequestView = z.object({
  id: z.uuid(),
  status: reviewStatus,
  customer: reviewedAccount,
  before: details.check(z.meta({ description: "The details when the correction was asked for" })),
  requested: details,
  note: z.nullable(z.string()),
  checks: z
    .array(checkSummary)
    .check(z.meta({ description: "The customer's latest checks the registry answered, newest first" })),
  created_at: timestamp,
  resolved_at: z.nullable(timestamp),
  resolved_by: reviewer,
  resolution: z.nullable(z.string()),
});
export type ChangeRequestView = z.infer<typeof changeRequestView>;

export const contestedAccount = z.extend(reviewedAccount, {
  holds_number: z
    .boolean()
    .check(z.meta({ description: "The contested number is linked to this account now" })),
  checks: z
    .array(checkSummary)
    .check(z.meta({ description: "This account's checks of the contested number, newest first" })),
});
export type ContestedAccount = z.infer<typeof contestedAccount>;

export const contestView = z.object({
  id: z.uuid(),
  status: reviewStatus,
  id_type: identityType,
  id_last4: z.string(),
  note: z.nullable(z.string()),
  claimant: contestedAccount.check(z.meta({ description: "The customer contesting" })),
  holder: contestedAccount.check(
    z.meta({ description: "The account the number was linked to when contested" }),
  ),
  created_at: timestamp,
  resolved_at: z.nullable(timestamp),
  resolved_by: reviewer,
  resolution: z.nullable(z.string()),
});
export type ContestView = z.infer<typeof contestView>;
