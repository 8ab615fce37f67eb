import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, min } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Queryable } from "../../db/database";
import { smsMessages } from "../../db/schema";
import { newSixDigitCode } from "../../randomIds";
import type { TryRule } from "../accounts/tryCounters";
import { queueSms } from "../sms/smsOutbox";

/**
 * A code works 10 minutes; one a minute, five a day to a customer whichever check they follow (so
 * checking again and again sends no more); five wrong tries end the confirmation.
 */
export const identityCodeRules = {
  lifetimeMs: 10 * 60_000,
  resendAfterMs: 60_000,
  sendsPerDay: 5,
  dayMs: 24 * 3_600_000,
} as const;

/** Five wrong codes, whichever code they were at: then the confirmation ends (codeConfirmation.ts). */
export const identityCodeTryRule: TryRule = {
  free: 5,
  blockMs: identityCodeRules.dayMs,
  afterBlock: "restart",
  maxBlockMs: identityCodeRules.dayMs,
  forgetAfterMs: identityCodeRules.dayMs,
};
export const identityCodeTries = (confirmationId: string) => `kyc-code:${confirmationId}`;

export type CodeDeps = { clock: Clock; config: Pick<Config, "totpKey" | "sms"> };

/**
 * A keyed hash, not a slow one: six digits hashed without a key fall to anyone holding the database
 * in seconds, whatever the hash's cost, while under a key from TOTP_KEY they cannot be tried at all;
 * and checking one is instant, so tries are counted by one statement (tryCounters' knownGuess). The
 * confirmation's id is in the message, so a hash is good for its own confirmation only.
 */
function codeHash(totpKey: Buffer, confirmationId: string, code: string): Buffer {
  const key = Buffer.from(hkdfSync("sha256", totpKey, Buffer.alloc(0), "ojapay identity codes", 32));
  return createHmac("sha256", key).update(`${confirmationId}\0${code}`).digest();
}

export function codeIsRight(totpKey: Buffer, confirmationId: string, stored: string, code: string): boolean {
  const expected = Buffer.from(stored, "base64url");
  const actual = codeHash(totpKey, confirmationId, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** "0803 *** **21": enough for the customer to know the phone, too little to learn someone's number. */
export function maskedPhone(national: string): string {
  return `${national.slice(0, 4)} *** **${national.slice(-2)}`;
}

/**
 * A new code for the confirmation, queued by SMS to the record's phone in the caller's transaction
 * (so the code and its message commit together), marked secret: sealed at rest and never logged.
 * Answers the columns to write; the code itself leaves this function only inside the SMS.
 */
export async function sendIdentityCode(
  tx: Queryable,
  deps: CodeDeps,
  to: { confirmationId: string; userId: string; phone: string },
) {
  const code = newSixDigitCode();
  const now = deps.clock.now();
  const queued = await queueSms(tx, deps, {
    userId: to.userId,
    to: to.phone,
    text: `${code} is your OjaPay identity code. It works for 10 minutes. Never share it: OjaPay will never ask you for it.`,
    purpose: "identity_code",
    secret: true,
  });
  if (!queued) return null;
  return {
    codeHash: codeHash(deps.config.totpKey, to.confirmationId, code).toString("base64url"),
    codeSentAt: now,
    codeExpiresAt: new Date(now.getTime() + identityCodeRules.lifetimeMs),
  };
}

/**
 * The identity codes sent to the customer in the last day, whichever confirmation they were for, from
 * the SMS outbox that sent them; `nextAt` is when another may go once the day's five are used.
 */
export async function codesSentToday(db: Queryable, clock: Clock, userId: string) {
  const now = clock.now().getTime();
  const [row] = await db
    .select({ sent: count(), first: min(smsMessages.createdAt) })
    .from(smsMessages)
    .where(
      and(
        eq(smsMessages.userId, userId),
        eq(smsMessages.purpose, "identity_code"),
        gt(smsMessages.createdAt, new Date(now - identityCodeRules.dayMs)),
      ),
    );
  const sent = row?.sent ?? 0;
  const first = row?.first ? new Date(row.first).getTime() : now;
  return {
    sent,
    nextAt: sent >= identityCodeRules.sendsPerDay ? new Date(first + identityCodeRules.dayMs) : null,
  };
}
