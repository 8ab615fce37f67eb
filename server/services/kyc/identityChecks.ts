import { createHmac, hkdfSync } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { identityTypeName } from "../../../schemas/kyc";
import type { IdentityCheckOutcome, KycStatus, KycVerifyBody } from "../../../schemas/kycStatus";
import { waitUntilWords } from "../../../schemas/waits";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable } from "../../db/database";
import { identityChecks, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityAnswer, IdentityVerifier } from "../../outside/identityVerifier";
import { fieldRefusal, Refusal } from "../../refusal";
import { type TryRule, tryGuess } from "../accounts/tryCounters";
import { smsConfigured } from "../sms/smsOutbox";
import { lockDetails } from "./detailsLock";
import { codesSentToday } from "./identityCodes";
import { numberTaken, openConfirmation, pendingConfirmation } from "./identityConfirmations";
import { checkedTier, kycStatusOf } from "./kycStatus";
import { recordName } from "./nameMatch";
import { judgeRecord } from "./recordMatch";

export type KycDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "totpKey" | "providerTimeoutMs" | "sms">;
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

/** How long past the provider's time limit a check still counts as out: our own writes after it. */
const checkSlackMs = 5_000;

/**
 * A keyed fingerprint of the number, so one BVN or NIN can verify one account without the number
 * being stored: 11 digits hashed without a key would fall to anyone holding the database.
 */
export function identityFingerprint(totpKey: Buffer, type: string, number: string): string {
  const key = Buffer.from(hkdfSync("sha256", totpKey, Buffer.alloc(0), "ojapay identity numbers", 32));
  return createHmac("sha256", key).update(`${type}:${number}`).digest("hex");
}

/** A check's subject: the profile as it stood when the check went out. */
type CheckedProfile = UserRow & { dateOfBirth: string };

/**
 * The customer gives a BVN or NIN; the provider says whose it is; if the record's names and date of
 * birth are the profile's, the match waits for proof that the number is the customer's own
 * (identityConfirmations.ts: a code to the record's phone, or staff). Once the registry
 * has answered, whatever it said, the names and date of birth it was asked about are fixed
 * (detailsLock.ts): a failed check cannot be followed by a rename to the record's names. Wrong
 * numbers and details count against five tries a day; a provider that cannot answer counts nothing.
 */
export async function verifyIdentity(deps: KycDeps, user: UserRow, body: KycVerifyBody): Promise<KycStatus> {
  const kind = identityTypeName[body.id_type];
  if (user.identityVerifiedAt || user.kycTier >= checkedTier) {
    throw new Refusal(
      "not_allowed",
      `Your identity is already verified: this account is tier ${user.kycTier}.`,
    );
  }
  if ((await pendingConfirmation(deps.db, user.id))?.way === "review") {
    throw new Refusal(
      "not_allowed",
      "Your identity check is with staff for review. You will hear from us once they have looked at it.",
    );
  }
  // A match sends a code: with the day's five used, checking again would only pay for a lookup.
  const codes = smsConfigured(deps.config) ? await codesSentToday(deps.db, deps.clock, user.id) : null;
  if (codes?.nextAt) {
    throw new Refusal(
      "rate_limited",
      `Five identity codes were sent to you today. You can check again in ${waitUntilWords(codes.nextAt, deps.clock.now())}.`,
    );
  }
  const verifier = deps.identity;
  if (!verifier) {
    throw new Refusal(
      "service_unavailable",
      "Identity checks are not available yet. Please contact support to raise your tier.",
    );
  }
  assertDateOfBirth(user, body);
  const fingerprint = identityFingerprint(deps.config.totpKey, body.id_type, body.number);

  // What the check saw, filled in as it goes: the profile sent, the provider's answer, the verdict.
  const seen: { profile?: CheckedProfile; answer?: IdentityAnswer; verdict?: IdentityCheckOutcome } = {};
  const outcome = await tryGuess(
    deps.db,
    deps.clock,
    identityTries(user.id),
    identityCheckRules,
    async () => {
      const checked = await startCheck(deps, user.id, body.date_of_birth ?? null);
      seen.profile = checked;
      let answer: IdentityAnswer;
      try {
        answer = await verifier.lookup({
          type: body.id_type,
          number: body.number,
          firstName: checked.firstName,
          lastName: checked.lastName,
          dateOfBirth: checked.dateOfBirth,
          reference: user.id,
        });
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
      let verdict = verdictOf(checked, answer);
      // The registry says it is theirs, but it verifies another account: a contest for staff, never a
      // second link; and it counts, so it cannot be asked about again and again at our cost.
      if (verdict === "matched" && (await heldElsewhere(deps.db, user.id, fingerprint))) verdict = "taken";
      seen.answer = answer;
      seen.verdict = verdict;
      return verdict === "matched";
    },
  );
  if (outcome.result === "refused") {
    throw new Refusal(
      "too_many_attempts",
      `Too many identity checks today. Try again in ${waitUntilWords(outcome.retryAt, deps.clock.now())}.`,
    );
  }
  const { profile: checked, answer, verdict } = seen;
  if (!checked || !answer || !verdict) throw new Error("an identity check ended without an answer");
  const found = answer.outcome === "found" ? answer.record : null;
  const check = {
    userId: user.id,
    idType: body.id_type,
    last4: body.number.slice(-4),
    fingerprint,
    createdAt: deps.clock.now(),
  };
  if (verdict !== "matched") {
    const record = verdict === "taken" && found ? recordName(found) : null;
    await recordAnswer(deps.db, { ...check, outcome: verdict, recordName: record });
    throw refusalOf(verdict, kind, checked);
  }
  if (!found) throw new Error("a matched check has no record");
  await openConfirmation(deps, { ...check, recordName: recordName(found) }, found.phone);
  const [now] = await deps.db.select().from(users).where(eq(users.id, user.id));
  return kycStatusOf(deps.db, deps.clock, now ?? user, deps.identity);
}

/** A check needs the date of birth it compares: the profile's, or the one given with the check. */
function assertDateOfBirth(user: UserRow, body: KycVerifyBody) {
  if (body.date_of_birth && user.dateOfBirth && body.date_of_birth !== user.dateOfBirth) {
    throw fieldRefusal(
      "date_of_birth",
      "This is not the date of birth on your profile. Check it there first: it is what the registry's record is compared with.",
    );
  }
  if (!body.date_of_birth && !user.dateOfBirth) {
    throw dateOfBirthNeeded();
  }
}

const dateOfBirthNeeded = () =>
  fieldRefusal("date_of_birth", "Enter your date of birth: the registry's record is checked against it.");

/**
 * Marks the check as out (so the names and date of birth cannot change under it), saves a date of
 * birth given with the check to a profile without one, and answers the profile as it is now: what
 * goes to the provider is what the row holds, never an older copy of it.
 */
async function startCheck(
  deps: KycDeps,
  userId: string,
  dateOfBirth: string | null,
): Promise<CheckedProfile> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + deps.config.providerTimeoutMs + checkSlackMs);
  const [row] = await deps.db
    .update(users)
    .set({
      identityCheckUntil: until,
      dateOfBirth: sql`coalesce(${users.dateOfBirth}, ${dateOfBirth}::date)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.identityVerifiedAt)))
    .returning();
  if (!row) throw new Refusal("not_allowed", "Your identity is already verified.");
  if (!row.dateOfBirth) throw dateOfBirthNeeded();
  return { ...row, dateOfBirth: row.dateOfBirth };
}

function verdictOf(profile: CheckedProfile, answer: IdentityAnswer): IdentityCheckOutcome {
  switch (answer.outcome) {
    case "found":
      return judgeRecord(profile, answer.record);
    case "mismatch":
      return answer.part === "name" ? "name_mismatch" : "dob_mismatch";
    case "not_found":
      return "not_found";
    case "refused":
      return "refused";
  }
}

async function heldElsewhere(db: Queryable, userId: string, fingerprint: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identityFingerprint, fingerprint), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

async function recordAnswer(db: Database, check: typeof identityChecks.$inferInsert) {
  await db.transaction(async (tx) => {
    await lockDetails(tx, check.userId, check.createdAt);
    await tx.insert(identityChecks).values(check);
  });
}

/**
 * What the customer is told. Only their own details are named, never the record's; the parts are
 * judged in order (recordMatch.ts), so a wrong name says nothing of the date of birth or phone.
 */
function refusalOf(verdict: IdentityCheckOutcome, kind: string, profile: CheckedProfile): Refusal {
  const correction = "ask for a correction on your profile; staff will review it.";
  const mismatch = (part: string, msg: string) =>
    new Refusal("identity_mismatch", msg, { fields: { number: [msg] }, data: { mismatch: part } });
  switch (verdict) {
    case "not_found":
      return fieldRefusal(
        "number",
        `We could not find this ${kind}. Check the number and try again.`,
        "identity_mismatch",
      );
    case "name_mismatch":
      return mismatch(
        "name",
        `The name on this ${kind} does not match the name on your profile (${profile.firstName} ${profile.lastName}). Check the number; if the name on your profile is wrong, ${correction}`,
      );
    case "dob_mismatch":
      return mismatch(
        "date_of_birth",
        `The date of birth on this ${kind} does not match the one on your profile. Check the number; if the date on your profile is wrong, ${correction}`,
      );
    case "phone_mismatch":
      return mismatch(
        "phone",
        `The phone number registered with this ${kind} is not the one on your profile. Put that number on your profile and try again, or contact support.`,
      );
    case "refused":
      return fieldRefusal(
        "number",
        `This ${kind} cannot be used to verify an account. Contact support if it is yours.`,
        "identity_mismatch",
      );
    default:
      return numberTaken(kind);
  }
}
