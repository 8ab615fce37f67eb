import { createHmac, hkdfSync } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Logger } from "pino";
import { identityTypeName, type KycStatus, type KycVerifyBody } from "../../../schemas/kyc";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityAnswer, IdentityVerifier } from "../../identity/identityVerifier";
import { fieldRefusal, Refusal } from "../../refusal";
import { type TryRule, tryGuess, waitText } from "../tryCounters";
import { namesMatch, recordName } from "./nameMatch";
import { limitOf, readKycLimits, spentToday } from "./tierLimits";

export type KycDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "totpKey" | "providerTimeoutMs">;
  identity: IdentityVerifier | null;
  logger: Pick<Logger, "warn">;
};

/** Each lookup costs money at a real provider and probes someone's identity: five a day per customer. */
export const identityCheckRules: TryRule = {
  free: 5,
  blockMs: 24 * 3_600_000,
  afterBlock: "restart",
  maxBlockMs: 24 * 3_600_000,
  forgetAfterMs: 24 * 3_600_000,
};
export const identityTries = (userId: string) => `kyc:${userId}`;

/** The tier identity checks lead to; higher tiers need an admin. */
const checkedTier = 2;

export async function kycStatusOf(
  db: Queryable,
  clock: Clock,
  user: UserRow,
  identity: IdentityVerifier | null,
): Promise<KycStatus> {
  const [limits, spent] = await Promise.all([readKycLimits(db), spentToday(db, clock, user.id)]);
  const limit = limitOf(limits, user.kycTier);
  return {
    tier: user.kycTier,
    tier_source: user.kycTierSource,
    id_type: user.identityType,
    id_last4: user.identityLast4,
    verified_name: user.identityName,
    verified_at: user.identityVerifiedAt?.toISOString() ?? null,
    daily_limit: limit.dailyLimit,
    max_balance: limit.maxBalance,
    spent_today: spent,
    can_verify: identity !== null && user.kycTier < checkedTier && user.identityVerifiedAt === null,
  };
}

/**
 * A keyed fingerprint of the number, so one BVN or NIN can verify one account without the number
 * being stored: 11 digits hashed without a key would fall to anyone holding the database.
 */
export function identityFingerprint(totpKey: Buffer, type: string, number: string): string {
  const key = Buffer.from(hkdfSync("sha256", totpKey, Buffer.alloc(0), "ojapay identity numbers", 32));
  return createHmac("sha256", key).update(`${type}:${number}`).digest("hex");
}

/**
 * The customer gives a BVN or NIN; the provider says whose it is; if the names match the profile's,
 * the account becomes tier 2 and its names are fixed to the checked ones. Wrong numbers and names
 * count against five tries a day; a provider that cannot answer counts nothing.
 */
export async function verifyIdentity(deps: KycDeps, user: UserRow, body: KycVerifyBody): Promise<KycStatus> {
  const kind = identityTypeName[body.id_type];
  if (user.identityVerifiedAt || user.kycTier >= checkedTier) {
    throw new Refusal(
      "not_allowed",
      `Your identity is already verified: this account is tier ${user.kycTier}.`,
    );
  }
  const verifier = deps.identity;
  if (!verifier) {
    throw new Refusal(
      "service_unavailable",
      "Identity checks are not available yet. Please contact support to raise your tier.",
    );
  }
  const fingerprint = identityFingerprint(deps.config.totpKey, body.id_type, body.number);
  await assertNumberFree(deps.db, user.id, fingerprint, kind);

  let answer: IdentityAnswer | null = null;
  const outcome = await tryGuess(
    deps.db,
    deps.clock,
    identityTries(user.id),
    identityCheckRules,
    async () => {
      try {
        answer = await verifier.lookup(
          {
            type: body.id_type,
            number: body.number,
            firstName: user.firstName,
            lastName: user.lastName,
            reference: user.id,
          },
          AbortSignal.timeout(deps.config.providerTimeoutMs),
        );
      } catch (error) {
        deps.logger.warn(
          { user: user.id, err: error instanceof Error ? error.message : String(error) },
          "the identity provider could not answer",
        );
        throw new Refusal(
          "service_unavailable",
          "We could not check your details just now. Please try again in a few minutes.",
        );
      }
      return answer.outcome === "found" && namesMatch(user, answer.record);
    },
  );
  if (outcome.result === "refused") {
    throw new Refusal(
      "too_many_attempts",
      `Too many identity checks today. Try again in ${waitText(outcome.retryAt, deps.clock.now())}.`,
    );
  }
  const said = answer as IdentityAnswer | null;
  if (outcome.result === "wrong" || said?.outcome !== "found") {
    const msg =
      said?.outcome === "not_found"
        ? `We could not find this ${kind}. Check the number and try again.`
        : `The name on this ${kind} does not match the name on your profile (${user.firstName} ${user.lastName}). Check the number, or correct your name on the profile first.`;
    throw fieldRefusal("number", msg, "identity_mismatch");
  }
  const found = said.record;

  const now = deps.clock.now();
  try {
    const [after] = await deps.db
      .update(users)
      .set({
        kycTier: checkedTier,
        kycTierSource: "identity_check",
        kycTierReason: null,
        identityType: body.id_type,
        identityLast4: body.number.slice(-4),
        identityFingerprint: fingerprint,
        identityName: recordName(found),
        identityVerifiedAt: now,
        updatedAt: now,
      })
      // Only the account as it was checked: not a tier an admin set meanwhile, not names changed meanwhile.
      .where(
        and(
          eq(users.id, user.id),
          eq(users.kycTier, user.kycTier),
          eq(users.firstName, user.firstName),
          eq(users.lastName, user.lastName),
          isNull(users.identityVerifiedAt),
        ),
      )
      .returning();
    if (!after)
      throw new Refusal("changed_meanwhile", "Your account changed meanwhile. Open your profile again.");
    return kycStatusOf(deps.db, deps.clock, after, deps.identity);
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(kind);
    throw error;
  }
}

async function assertNumberFree(db: Queryable, userId: string, fingerprint: string, kind: string) {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityFingerprint, fingerprint), ne(users.id, userId)))
    .limit(1);
  if (other) throw numberTaken(kind);
}

const numberTaken = (kind: string) =>
  new Refusal(
    "already_exists",
    `This ${kind} is already linked to another OjaPay account. Contact support if it is yours.`,
  );
