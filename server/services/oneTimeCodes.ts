import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Database, Queryable, Transaction } from "../db/database";
import { oneTimeCodes } from "../db/schema";
import { ApiError, badRequest, locked, tooManyRequests } from "../http/errors";
import { newSixDigitCode } from "./randomIds";
import { hashSecret, verifySecret } from "./secrets";

export type CodePurpose = "email_verification" | "pin_reset";

export const codeRules = { lifetimeMs: 10 * 60_000, maxTries: 5, resendAfterMs: 60_000 } as const;

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
  userId: string,
  purpose: CodePurpose,
  { code, codeHash }: FreshCode,
): Promise<string> {
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
      throw tooManyRequests(
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
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + codeRules.lifetimeMs),
  });
  return code;
}

const tooManyTries = "Too many wrong tries. Please request a new code.";

/**
 * Accepts the code once and runs `effect` in the same transaction that retires it, or says plainly
 * why not. Wrong tries are counted outside that transaction, so a refusal cannot roll the count back;
 * the fifth retires the code.
 */
export async function redeemCode(
  db: Database,
  clock: Clock,
  userId: string,
  purpose: CodePurpose,
  code: string,
  effect: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const now = clock.now();
  const [current] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!current)
    throw badRequest("There is no active code. Please request a new one.", { code: ["Request a new code."] });
  if (current.expiresAt.getTime() <= now.getTime()) {
    throw badRequest("This code has expired. Please request a new one.", {
      code: ["This code has expired."],
    });
  }
  if (current.attempts >= codeRules.maxTries) throw locked(tooManyTries);

  if (!(await verifySecret(current.codeHash, code))) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(and(eq(oneTimeCodes.id, current.id), lt(oneTimeCodes.attempts, codeRules.maxTries)))
      .returning({ attempts: oneTimeCodes.attempts });
    const left = codeRules.maxTries - (counted?.attempts ?? codeRules.maxTries);
    if (left <= 0) throw locked(tooManyTries);
    const msg = `That code is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`;
    throw badRequest(msg, { code: [msg] });
  }

  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(oneTimeCodes.id, current.id),
          isNull(oneTimeCodes.consumedAt),
          lt(oneTimeCodes.attempts, codeRules.maxTries),
        ),
      )
      .returning({ id: oneTimeCodes.id });
    if (!used) throw new ApiError(400, "This code has already been used. Please request a new one.");
    await effect(tx);
  });
}
