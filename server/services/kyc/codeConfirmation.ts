import { and, eq } from "drizzle-orm";
import type { KycStatus } from "../../../schemas/kycStatus";
import { waitUntilWords } from "../../../schemas/waits";
import type { Database } from "../../db/database";
import { identityConfirmations } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityVerifier } from "../../outside/identityVerifier";
import { fieldRefusal, Refusal } from "../../refusal";
import { knownGuess } from "../accounts/tryCounters";
import type { Actor } from "../people/actor";
import {
  type CodeDeps,
  codeIsRight,
  codesSentToday,
  identityCodeRules,
  identityCodeTries,
  identityCodeTryRule,
  sendIdentityCode,
} from "./identityCodes";
import { closeConfirmation, pendingConfirmation } from "./identityConfirmations";
import { kycStatusOf } from "./kycStatus";

type Deps = CodeDeps & { db: Database; identity: IdentityVerifier | null };

const noCodeWaiting = () =>
  new Refusal("not_allowed", "No code is waiting: verify your BVN or NIN first to get one.");

const ended = () =>
  new Refusal(
    "locked",
    "Five wrong codes were tried, so this code has ended. Verify your BVN or NIN again to get a new one.",
  );

/**
 * The customer enters the code the registry's phone received: right, and the number is theirs (tier
 * 2, audited with them as the actor); wrong, counted (five end the confirmation: a new check is
 * needed, which counts against the day's five); expired, a resend is needed and nothing is counted.
 */
export async function confirmIdentityCode(deps: Deps, actor: Actor, code: string): Promise<KycStatus> {
  const user = actor.user;
  const row = await pendingConfirmation(deps.db, user.id);
  if (row?.way !== "code" || !row.codeHash || !row.codeExpiresAt) throw noCodeWaiting();
  if (row.codeExpiresAt <= deps.clock.now()) {
    throw fieldRefusal("code", "This code has expired. Ask for a new one.", "wrong_code");
  }
  const right = codeIsRight(deps.config.totpKey, row.id, row.codeHash, code);
  const outcome = await knownGuess(
    deps.db,
    deps.clock,
    identityCodeTries(row.id),
    identityCodeTryRule,
    right,
  );
  if (outcome.result === "refused" || (outcome.result === "wrong" && outcome.left === 0)) {
    await deps.db
      .update(identityConfirmations)
      .set({ status: "ended", resolvedAt: deps.clock.now() })
      .where(and(eq(identityConfirmations.id, row.id), eq(identityConfirmations.status, "pending")));
    throw ended();
  }
  if (outcome.result === "wrong") {
    const { left } = outcome;
    throw fieldRefusal(
      "code",
      `That code is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
      "wrong_code",
    );
  }
  const after = await closeConfirmation(deps, row.id, actor, "kyc.code.confirm", null);
  return kycStatusOf(deps.db, deps.clock, after, deps.identity);
}

/**
 * A new code to the same phone, the one before it no longer good: one a minute and five a day, so
 * the registry's phone is not flooded and the code cannot be asked for endlessly. The row is locked
 * while it is judged, so requests at the same moment send one code.
 */
export async function resendIdentityCode(deps: Deps, user: UserRow): Promise<KycStatus> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(identityConfirmations)
      .where(and(eq(identityConfirmations.userId, user.id), eq(identityConfirmations.status, "pending")))
      .for("update");
    if (row?.way !== "code" || !row.phone || !row.codeSentAt) throw noCodeWaiting();
    const now = deps.clock.now();
    const nextAt = new Date(row.codeSentAt.getTime() + identityCodeRules.resendAfterMs);
    if (nextAt > now) {
      throw new Refusal(
        "rate_limited",
        `Please wait ${waitUntilWords(nextAt, now)} before asking for another code.`,
      );
    }
    const today = await codesSentToday(tx, deps.clock, user.id);
    if (today.nextAt) {
      throw new Refusal(
        "rate_limited",
        `Five codes were sent today. You can ask for another in ${waitUntilWords(today.nextAt, now)}.`,
      );
    }
    const sent = await sendIdentityCode(tx, deps, {
      confirmationId: row.id,
      userId: user.id,
      phone: row.phone,
    });
    if (!sent) {
      throw new Refusal("service_unavailable", "Text messages cannot be sent just now. Please try later.");
    }
    await tx.update(identityConfirmations).set(sent).where(eq(identityConfirmations.id, row.id));
  });
  return kycStatusOf(deps.db, deps.clock, user, deps.identity);
}
