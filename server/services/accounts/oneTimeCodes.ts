import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { waitWords } from "../../../schemas/waits";
import type { Clock } from "../../clock";
import type { Database, Queryable, Transaction } from "../../db/database";
import { oneTimeCodes } from "../../db/schema";
import { hashToken, newSixDigitCode } from "../../randomIds";
import { fieldRefusal, Refusal } from "../../refusal";
import { hashSecret, verifyDecoy, verifySecret } from "./secrets";
import { clearTries, type TryRule, tryGuess } from "./tryCounters";

export type CodePurpose = "email_verification" | "pin_reset" | "password_reset" | "sign_in";

/** The 6 digits work for 10 minutes, whatever the link's own life; one code a minute per holder. */
export const codeRules = { lifetimeMs: 10 * 60_000, maxTries: 5, resendAfterMs: 60_000 } as const;

/** How long a mailed link works, where the mail carries one. */
export const linkLifetimeMs = {
  email_verification: 24 * 3_600_000,
  password_reset: 3_600_000,
} as const;

/**
 * Codes only their signed-in owner (the PIN) or someone who gave the password (sign-in) can try: five
 * per code, and a new code starts afresh.
 */
const perCodeRule: TryRule = {
  free: codeRules.maxTries,
  blockMs: codeRules.lifetimeMs,
  afterBlock: "restart",
  maxBlockMs: codeRules.lifetimeMs,
  forgetAfterMs: codeRules.lifetimeMs,
};

/**
 * Codes anyone may try for any email (confirming a sign-up, a forgotten password): five, then one
 * guess per wait, doubling from 15 minutes to a day, and a new code does not start afresh, since
 * anyone can ask for one. The owner is never stuck: the mail's link works whatever was guessed.
 */
const perEmailRule: TryRule = {
  free: codeRules.maxTries,
  blockMs: 15 * 60_000,
  afterBlock: "grow",
  maxBlockMs: 24 * 3_600_000,
  forgetAfterMs: 24 * 3_600_000,
};

const tryRules: Record<CodePurpose, TryRule> = {
  pin_reset: perCodeRule,
  sign_in: perCodeRule,
  email_verification: perEmailRule,
  password_reset: perEmailRule,
};

export const codeTries = (purpose: CodePurpose, email: string) => `code:${purpose}:${email}`;

export interface FreshCode {
  code: string;
  codeHash: string;
  /** The link's token (256 random bits) and its SHA-256, for the purposes whose mail carries a link. */
  token: string;
  tokenHash: string;
}

/** A new code and link token with their hashes; made before any transaction opens, so the slow hash never holds one. */
export async function freshCode(): Promise<FreshCode> {
  const code = newSixDigitCode();
  const token = randomBytes(32).toString("base64url");
  return { code, codeHash: await hashSecret(code), token, tokenHash: hashToken(token) };
}

/** Whose code: an account's, or a sign-up's that is not an account yet. */
export type CodeHolder = { userId: string } | { signUpId: string };

const holderIs = (holder: CodeHolder): SQL | undefined =>
  "userId" in holder ? eq(oneTimeCodes.userId, holder.userId) : eq(oneTimeCodes.signUpId, holder.signUpId);

/**
 * Stores a fresh code for the purpose, retiring any earlier one, at most once a minute. The code (and
 * the link's token, when `linkMs` gives the link a life) are answered in the clear only to be mailed;
 * only their hashes are kept.
 */
export async function issueCode(
  db: Queryable,
  clock: Clock,
  holder: CodeHolder,
  email: string,
  purpose: CodePurpose,
  fresh: FreshCode,
  linkMs: number | null = null,
): Promise<{ code: string; token: string | null }> {
  const now = clock.now();
  // The newest few only: each code retires the ones before it, so no older one can still be live, and
  // the work stays the same however many codes the holder was ever sent (a stranger can send a reset
  // a minute, and a growing scan would time an account apart from an email without one).
  const recent = await db
    .select({ id: oneTimeCodes.id, createdAt: oneTimeCodes.createdAt, consumedAt: oneTimeCodes.consumedAt })
    .from(oneTimeCodes)
    .where(and(holderIs(holder), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(5);
  const latest = recent[0];
  if (latest) {
    const waitMs = latest.createdAt.getTime() + codeRules.resendAfterMs - now.getTime();
    if (waitMs > 0) {
      throw new Refusal("rate_limited", `Please wait ${waitWords(waitMs)} before asking for another code.`);
    }
  }
  const live = recent.filter((row) => row.consumedAt === null).map((row) => row.id);
  await db.update(oneTimeCodes).set({ consumedAt: now }).where(inArray(oneTimeCodes.id, live));
  if (tryRules[purpose].afterBlock === "restart") await clearTries(db, codeTries(purpose, email));
  await db.insert(oneTimeCodes).values({
    ...("userId" in holder ? { userId: holder.userId } : { signUpId: holder.signUpId }),
    purpose,
    codeHash: fresh.codeHash,
    linkHash: linkMs === null ? null : fresh.tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (linkMs ?? codeRules.lifetimeMs)),
  });
  return { code: fresh.code, token: linkMs === null ? null : fresh.token };
}

/**
 * Runs `issue` (a transaction that issues a code and puts its mail in the outbox); a code asked for
 * again within the minute is quietly not sent, since the caller answers the same either way. Answers
 * whether one was.
 */
export async function issuedUnlessTooSoon(issue: () => Promise<unknown>): Promise<boolean> {
  try {
    await issue();
    return true;
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return false;
    throw error;
  }
}

/**
 * A holder no code can have, of the kind the purpose's codes have: an unknown holder's code is looked
 * for all the same, so an email without an account is answered after the same statements as one with.
 */
const nobody = (purpose: CodePurpose): CodeHolder => {
  const none = "00000000-0000-0000-0000-000000000000";
  return purpose === "email_verification" ? { signUpId: none } : { userId: none };
};

/** The holder's newest unused code of that purpose whose 6 digits still work. */
async function activeCode(db: Queryable, now: Date, holder: CodeHolder | null, purpose: CodePurpose) {
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        holderIs(holder ?? nobody(purpose)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - codeRules.lifetimeMs)),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return current;
}

const tooManyTries = (purpose: CodePurpose) =>
  new Refusal(
    "locked",
    purpose === "email_verification" || purpose === "password_reset"
      ? "Too many wrong codes were tried for this email. Open the link in the email we sent instead, or try again later."
      : "Too many wrong tries. Please request a new code.",
  );

export type CodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Accepts the code once and runs `effect` in the same transaction that retires it, or says why not.
 * A code is compared only once `tryGuess` has let it in (per purpose and email), so guesses sent at
 * once share the tries. An unknown holder, a missing, used or expired code and a wrong one all answer
 * alike, after the same slow comparison, so the answer never tells whether an account exists.
 */
export async function redeemCode<T>(
  db: Database,
  clock: Clock,
  holder: CodeHolder | null,
  email: string,
  purpose: CodePurpose,
  code: string,
  effect: (tx: Transaction, row: CodeRow) => Promise<T>,
): Promise<T> {
  const now = clock.now();
  const current = await activeCode(db, now, holder, purpose);
  const outcome = await tryGuess(db, clock, codeTries(purpose, email), tryRules[purpose], () =>
    current ? verifySecret(current.codeHash, code) : verifyDecoy(code),
  );
  if (outcome.result === "refused") throw tooManyTries(purpose);
  if (outcome.result === "wrong") {
    if (outcome.blockedUntil) throw tooManyTries(purpose);
    const { left } = outcome;
    const msg = `That code is not right, or it has expired. You have ${left} ${left === 1 ? "try" : "tries"} left.`;
    throw fieldRefusal("code", msg, "wrong_code");
  }
  if (!current) throw new Error("the decoy check matched"); // verifyDecoy answers false, always
  return consume(db, clock, current, effect);
}

async function consume<T>(
  db: Database,
  clock: Clock,
  row: CodeRow,
  effect: (tx: Transaction, row: CodeRow) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: clock.now() })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (!used) throw new Refusal("code_used", "This code has already been used. Please request a new one.");
    return effect(tx, row);
  });
}

export const linkDead = () =>
  fieldRefusal(
    "token",
    "This link has expired or has already been used. Ask for a new email and use the newest link.",
    "wrong_code",
  );

/** The live code a mailed link's token stands for, or the link's refusal. */
export async function liveLink(
  db: Queryable,
  clock: Clock,
  purpose: CodePurpose,
  token: string,
): Promise<CodeRow> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.linkHash, hashToken(token)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, clock.now()),
      ),
    )
    .limit(1);
  if (!row) throw linkDead();
  return row;
}

/**
 * Accepts a mailed link (its code row, from `liveLink`) once: 256 random bits, so nothing is counted
 * (guessing is hopeless) and strangers' wrong codes never disable it. Runs `effect` in the
 * transaction that retires it; a link used meanwhile is refused there.
 */
export function redeemLink<T>(
  db: Database,
  clock: Clock,
  link: CodeRow,
  effect: (tx: Transaction, row: CodeRow) => Promise<T>,
): Promise<T> {
  return consume(db, clock, link, effect);
}
