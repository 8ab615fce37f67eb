import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database, Queryable, Transaction } from "../db/database";
import { oneTimeCodes } from "../db/schema";
import { fieldRefusal, Refusal } from "../refusal";
import { newSixDigitCode } from "./randomIds";
import { hashSecret, verifyDecoy, verifySecret } from "./secrets";
import { clearTries, type TryRule, tryGuess } from "./tryCounters";

export type CodePurpose = "email_verification" | "pin_reset" | "password_reset";

export const codeRules = { lifetimeMs: 10 * 60_000, maxTries: 5, resendAfterMs: 60_000 } as const;

/** Five tries per code; the fifth wrong one blocks until a new code is asked for (or the old one's life ends). */
const codeTryRule: TryRule = {
  free: codeRules.maxTries,
  blockMs: codeRules.lifetimeMs,
  afterBlock: "restart",
  maxBlockMs: codeRules.lifetimeMs,
  forgetAfterMs: codeRules.lifetimeMs,
};

const codeTries = (purpose: CodePurpose, email: string) => `code:${purpose}:${email}`;

export interface FreshCode {
  code: string;
  codeHash: string;
}

/** A new code and its hash; made before any transaction opens, so the slow hash never holds one. */
export async function freshCode(): Promise<FreshCode> {
  const code = newSixDigitCode();
  return { code, codeHash: await hashSecret(code) };
}

/**
 * Stores a fresh code for the purpose, retiring any earlier one, at most once a minute. Answers the
 * code in the clear only so it can be mailed; only its hash is kept.
 */
export async function issueCode(
  db: Queryable,
  clock: Clock,
  holder: { id: string; email: string },
  purpose: CodePurpose,
  { code, codeHash }: FreshCode,
  lifetimeMs: number = codeRules.lifetimeMs,
): Promise<string> {
  const userId = holder.id;
  const now = clock.now();
  const [latest] = await db
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (latest) {
    const waitMs = latest.createdAt.getTime() + codeRules.resendAfterMs - now.getTime();
    if (waitMs > 0) {
      throw new Refusal(
        "rate_limited",
        `Please wait ${Math.ceil(waitMs / 1000)} seconds before asking for another code.`,
      );
    }
  }
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  // A new code comes with its own five tries.
  await clearTries(db, codeTries(purpose, holder.email));
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return code;
}

const tooManyTries = "Too many wrong tries. Please request a new code.";

/** Whose code is being tried: the email always (so unknown emails are counted alike), the user when known. */
export interface CodeHolder {
  userId: string | null;
  email: string;
}

/**
 * Accepts the code once and runs `effect` in the same transaction that retires it, or says why not.
 * A code is compared only once `tryGuess` has let it in (per purpose and email), so guesses sent at
 * once share the five tries. An unknown email, a missing, used or expired code and a wrong one all
 * answer alike, after the same slow comparison, so the answer never tells whether an account exists.
 */
/** The newest unused, unexpired code of that purpose, when there is a user to hold one. */
async function activeCode(db: Queryable, now: Date, userId: string | null, purpose: CodePurpose) {
  if (!userId) return undefined;
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return current;
}

export async function redeemCode(
  db: Database,
  clock: Clock,
  holder: CodeHolder,
  purpose: CodePurpose,
  code: string,
  effect: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const now = clock.now();
  const key = codeTries(purpose, holder.email);
  const current = await activeCode(db, now, holder.userId, purpose);
  const outcome = await tryGuess(db, clock, key, codeTryRule, () =>
    current ? verifySecret(current.codeHash, code) : verifyDecoy(code),
  );
  if (outcome.result === "refused") throw new Refusal("locked", tooManyTries);
  if (outcome.result === "wrong") {
    if (outcome.blockedUntil) throw new Refusal("locked", tooManyTries);
    const { left } = outcome;
    const msg = `That code is not right, or it has expired. You have ${left} ${left === 1 ? "try" : "tries"} left.`;
    throw fieldRefusal("code", msg);
  }
  if (!current) throw new Error("the decoy check matched"); // verifyDecoy answers false, always

  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (!used) throw new Refusal("code_used", "This code has already been used. Please request a new one.");
    await effect(tx);
  });
}
