import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { waitUntilWords } from "../../../schemas/waits";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { recoveryCodes, sessions, users } from "../../db/schema";
import type { AuthSession, UserRow } from "../../deps";
import { fieldRefusal, Refusal } from "../../refusal";
import { openSecret, sealSecret } from "./secretBox";
import { type TryRule, tryGuess } from "./tryCounters";

export interface SecondFactorDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, "totpKey">;
}

const stepMs = 30_000;
/** Five wrong codes, then 15 minutes: with a one-step window that is 5 in 3 million per quarter hour. */
const codeRule: TryRule = {
  free: 5,
  blockMs: 15 * 60_000,
  afterBlock: "restart",
  maxBlockMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};

const alreadySetUp = () =>
  new Refusal("already_done", "An authenticator is already set up. Sign in with its code.");

function totpFor(user: UserRow, secret: Secret) {
  return new TOTP({ issuer: "OjaPay", label: user.email, secret, algorithm: "SHA1", digits: 6, period: 30 });
}

/**
 * A new authenticator key for a staff or admin account that has none in use: the QR code and the key.
 * Only staff and admins reach these (access.ts: /auth/totp), before or after their code.
 */
export async function startTotpSetup(deps: SecondFactorDeps, user: UserRow) {
  if (user.totpEnabledAt) throw alreadySetUp();
  const secret = new Secret({ size: 20 });
  await deps.db
    .update(users)
    .set({ totpSecret: sealSecret(deps.config.totpKey, secret.base32), updatedAt: deps.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)));
  const uri = totpFor(user, secret).toString();
  return {
    secret: secret.base32,
    otpauth_uri: uri,
    qr_svg: await QRCode.toString(uri, { type: "svg", margin: 1 }),
  };
}

const hashRecovery = (code: string) => createHash("sha256").update(code).digest("hex");

/** Ten codes of 80 random bits: 16 base32 letters each (otpauth's encoding), as xxxx-xxxx-xxxx-xxxx. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    new Secret({ size: 10 }).base32.toLowerCase().replace(/(.{4})(?!$)/g, "$1-"),
  );
}

/**
 * Checks a 6-digit code against the account's key (one step either side for clock drift), counted by
 * `tryGuess` and accepted once: the step it belongs to must be later than the last accepted one.
 */
async function acceptCode(deps: SecondFactorDeps, user: UserRow, code: string, sealed: string) {
  const secret = Secret.fromBase32(openSecret(deps.config.totpKey, sealed));
  const now = deps.clock.now().getTime();
  let step: number | null = null;
  const outcome = await tryGuess(deps.db, deps.clock, `totp:${user.id}`, codeRule, async () => {
    const delta = totpFor(user, secret).validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return false;
    step = Math.floor(now / stepMs) + delta;
    const [taken] = await deps.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return Boolean(taken); // a code already used (or an older one) is as good as a wrong one
  });
  if (outcome.result === "right") return;
  const wait = outcome.result === "refused" ? outcome.retryAt : outcome.blockedUntil;
  if (wait) {
    throw new Refusal(
      "too_many_attempts",
      `Too many wrong codes. Please try again in ${waitUntilWords(wait, deps.clock.now())}.`,
    );
  }
  const left = outcome.result === "wrong" ? outcome.left : 0;
  const msg = `That code is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`;
  throw fieldRefusal("code", msg);
}

async function passSession(deps: SecondFactorDeps, sessionId: string) {
  await deps.db.update(sessions).set({ secondFactorAt: deps.clock.now() }).where(eq(sessions.id, sessionId));
}

/** The first code from the app turns the key on, opens this session's console and gives the recovery codes. */
export async function confirmTotpSetup(deps: SecondFactorDeps, session: AuthSession, code: string) {
  const { user } = session;
  if (user.totpEnabledAt) throw alreadySetUp();
  if (!user.totpSecret) throw new Refusal("not_allowed", "Start the authenticator setup first.");
  await acceptCode(deps, user, code, user.totpSecret);
  const codes = newRecoveryCodes();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpEnabledAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashRecovery(c), createdAt: now })));
    await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, session.sessionId));
  });
  return { recovery_codes: codes };
}

/** A code from the app, or an unused recovery code, opens this session's console. */
export async function verifySecondFactor(deps: SecondFactorDeps, session: AuthSession, code: string) {
  const { user } = session;
  if (!user.totpEnabledAt || !user.totpSecret)
    throw new Refusal("not_allowed", "Set up an authenticator first.");
  if (code.includes("-")) {
    const outcome = await tryGuess(deps.db, deps.clock, `totp:${user.id}`, codeRule, async () => {
      const [used] = await deps.db
        .update(recoveryCodes)
        .set({ usedAt: deps.clock.now() })
        .where(
          and(
            eq(recoveryCodes.userId, user.id),
            eq(recoveryCodes.codeHash, hashRecovery(code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return Boolean(used);
    });
    if (outcome.result !== "right") {
      const msg = "That recovery code is not right, or it was used already.";
      if (outcome.result === "refused" || outcome.blockedUntil)
        throw new Refusal("too_many_attempts", "Too many wrong codes. Please try again later.");
      throw fieldRefusal("code", msg);
    }
  } else {
    await acceptCode(deps, user, code, user.totpSecret);
  }
  await passSession(deps, session.sessionId);
}
