import { desc, eq } from "drizzle-orm";
import type { KycStatus } from "../../../schemas/kycStatus";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { identityChecks, identityContests, profileChangeRequests } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityVerifier } from "../../outside/identityVerifier";
import { waitingConfirmation } from "./confirmationStatus";
import { limitOf, readKycLimits, spentToday } from "./tierLimits";

/** The tier identity checks lead to; higher tiers need an admin. */
export const checkedTier = 2;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * A customer's tier and what it allows, the checked identity, whether the names and date of birth
 * are fixed, and the latest check, correction and contest (each with where it stands), so the
 * profile can say what happened without the customer asking support.
 */
export async function kycStatusOf(
  db: Queryable,
  clock: Clock,
  user: UserRow,
  identity: IdentityVerifier | null,
): Promise<KycStatus> {
  const [limits, spent, [check], [change], [contest], waiting] = await Promise.all([
    readKycLimits(db),
    spentToday(db, clock, user.id),
    db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.userId, user.id))
      .orderBy(desc(identityChecks.createdAt))
      .limit(1),
    db
      .select()
      .from(profileChangeRequests)
      .where(eq(profileChangeRequests.userId, user.id))
      .orderBy(desc(profileChangeRequests.createdAt))
      .limit(1),
    db
      .select()
      .from(identityContests)
      .where(eq(identityContests.claimantId, user.id))
      .orderBy(desc(identityContests.createdAt))
      .limit(1),
    waitingConfirmation(db, clock, user.id),
  ]);
  const limit = limitOf(limits, user.kycTier);
  return {
    tier: user.kycTier,
    tier_source: user.kycTierSource,
    id_type: user.identityType,
    id_last4: user.identityLast4,
    verified_name: user.identityName,
    verified_at: iso(user.identityVerifiedAt),
    daily_limit: limit.dailyLimit,
    max_balance: limit.maxBalance,
    spent_today: spent,
    can_verify:
      identity !== null &&
      user.kycTier < checkedTier &&
      user.identityVerifiedAt === null &&
      waiting?.state !== "in_review",
    details_locked: user.identityLockedAt !== null || user.identityVerifiedAt !== null,
    last_check: check
      ? {
          id_type: check.idType,
          id_last4: check.last4,
          outcome: check.outcome,
          checked_at: check.createdAt.toISOString(),
        }
      : null,
    change_request: change
      ? {
          status: change.status,
          first_name: change.firstName,
          last_name: change.lastName,
          date_of_birth: change.dateOfBirth,
          created_at: change.createdAt.toISOString(),
          resolved_at: iso(change.resolvedAt),
        }
      : null,
    contest: contest
      ? {
          status: contest.status,
          id_type: contest.idType,
          id_last4: contest.last4,
          created_at: contest.createdAt.toISOString(),
          resolved_at: iso(contest.resolvedAt),
        }
      : null,
    confirmation: waiting,
  };
}
