import { eq, sql } from "drizzle-orm";
import type {
  LoginBody,
  PasswordChangeBody,
  PasswordResetConfirmBody,
  Profile,
  ProfileUpdateBody,
  RegisterBody,
} from "../../schemas/auth";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { tryCounters, users } from "../db/schema";
import type { AuthSession, UserRow } from "../deps";
import { type Mailer, sendQuietly } from "../mail/mailer";
import {
  accountExistsMail,
  consoleSignInAlertMail,
  passwordChangedMail,
  passwordResetCodeMail,
  pinResetCodeMail,
  verificationCodeMail,
} from "../mail/messages";
import { fieldRefusal, messages, Refusal } from "../refusal";
import { hashPin } from "./keyedPinHash";
import { applyOwnProfileChange } from "./kyc/detailsLock";
import { type CodePurpose, type FreshCode, freshCode, issueCode, redeemCode } from "./oneTimeCodes";
import { type PasswordOwner, passwordProblem } from "./passwordPolicy";
import { loadProfile } from "./profiles";
import { pinTries } from "./purchases/purchaseRules";
import { newReferralCode } from "./randomIds";
import { hashSecret, verifyDecoy, verifySecret } from "./secrets";
import { endAllSessions, endOtherSessions, startSession } from "./sessions";
import { clearTries, type TryRule, tryGuess, waitText } from "./tryCounters";
import { openWallet } from "./walletAccounts";

export interface AccountDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, "sessionIdleMs" | "sessionMaxMs" | "pinKeys">;
  logger: { error(obj: object, msg: string): void };
}

const wrongCredentials = "Incorrect email or password.";

async function findByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Refuses a new password the policy turns down, naming the field it came in. */
function assertPasswordAllowed(password: string, owner: PasswordOwner, field: string) {
  const problem = passwordProblem(password, owner);
  if (problem) throw fieldRefusal(field, problem);
}

/** A new code, unless one went out less than a minute ago: then quietly none (the answer is the same). */
async function issueQuietly(
  deps: AccountDeps,
  user: UserRow,
  purpose: CodePurpose,
  made?: FreshCode,
): Promise<string | null> {
  const fresh = made ?? (await freshCode());
  try {
    return await deps.db.transaction((tx) => issueCode(tx, deps.clock, user, purpose, fresh));
  } catch (error) {
    if (error instanceof Refusal && error.code === "rate_limited") return null;
    throw error;
  }
}

/**
 * Creates a customer and mails the 6-digit code. A taken email answers exactly as a new one does, and
 * its owner is told by email instead (with a fresh code if the account was never verified), so the
 * answer never tells a stranger which emails have accounts. The first password stays: a second sign-up
 * cannot change it.
 */
export async function register(deps: AccountDeps, body: RegisterBody): Promise<{ email: string }> {
  assertPasswordAllowed(
    body.password,
    { email: body.email, firstName: body.first_name, lastName: body.last_name },
    "password",
  );
  const passwordHash = await hashSecret(body.password);
  const fresh = await freshCode();
  const now = deps.clock.now();
  let code: string;
  try {
    code = await deps.db.transaction(async (tx) => {
      let referredBy: string | null = null;
      if (body.referral_code) {
        const [referrer] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.referralCode, body.referral_code))
          .limit(1);
        if (!referrer) {
          throw fieldRefusal("referral_code", "That referral code is not valid.");
        }
        referredBy = referrer.id;
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone,
          passwordHash,
          role: "customer",
          referralCode: newReferralCode(),
          referredBy,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!user) throw new Error("insert returned no user");
      await openWallet(tx, deps.clock, user.id);
      return issueCode(tx, deps.clock, user, "email_verification", fresh);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The code already made for the new account serves the owner: no extra hash, the same time taken.
    await tellOwnerOfSignUp(deps, body.email, fresh);
    return { email: body.email };
  }
  await sendQuietly(deps, verificationCodeMail(body.email, body.first_name, code));
  return { email: body.email };
}

async function tellOwnerOfSignUp(deps: AccountDeps, email: string, fresh: FreshCode) {
  const owner = await findByEmail(deps.db, email);
  if (!owner) return;
  if (owner.emailVerifiedAt) {
    await sendQuietly(deps, accountExistsMail(owner.email, owner.firstName));
    return;
  }
  const code = await issueQuietly(deps, owner, "email_verification", fresh);
  if (code) await sendQuietly(deps, verificationCodeMail(owner.email, owner.firstName, code, true));
}

/** A verified account, an unknown email and a wrong code all answer as a wrong code does. */
export async function verifyEmail(deps: AccountDeps, email: string, code: string): Promise<void> {
  const user = await findByEmail(deps.db, email);
  const waiting = user && !user.emailVerifiedAt ? user : null;
  await redeemCode(
    deps.db,
    deps.clock,
    { userId: waiting?.id ?? null, email },
    "email_verification",
    code,
    async (tx) => {
      const now = deps.clock.now();
      await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, waiting?.id ?? ""));
    },
  );
}

/** Mails a new code when the email has an account waiting for one; answers the same either way. */
export async function resendVerificationCode(deps: AccountDeps, email: string): Promise<void> {
  const user = await findByEmail(deps.db, email);
  if (!user || user.emailVerifiedAt) {
    await freshCode(); // the same slow hash a real resend spends
    return;
  }
  const code = await issueQuietly(deps, user, "email_verification");
  if (code) await sendQuietly(deps, verificationCodeMail(user.email, user.firstName, code));
}

/** Sign-in tries are counted per email and address: a stranger elsewhere cannot slow the owner down. */
export const signInTries = (email: string, address: string | null) =>
  `login:${email}|${address ?? "unknown"}`;

/** Five free tries from one address, then a wait that doubles with each wrong one: 1, 2, 4, 8, 15 minutes. */
export const loginRules: TryRule = {
  free: 5,
  blockMs: 60_000,
  afterBlock: "grow",
  maxBlockMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};

const lockedOut = (until: Date, now: Date) =>
  new Refusal(
    "too_many_attempts",
    `Too many failed sign-in attempts. Please try again in ${waitText(until, now)}.`,
  );

export async function login(
  deps: AccountDeps,
  body: LoginBody,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; role: UserRow["role"]; expires_at: string }> {
  const now = deps.clock.now();
  const key = signInTries(body.email, meta.ip);
  const user = await findByEmail(deps.db, body.email);
  const outcome = await tryGuess(deps.db, deps.clock, key, loginRules, () =>
    user ? verifySecret(user.passwordHash, body.password) : verifyDecoy(body.password),
  );
  if (outcome.result === "refused") throw lockedOut(outcome.retryAt, now);
  if (outcome.result === "wrong") {
    if (user && user.role !== "customer" && outcome.failures === loginRules.free) {
      await sendQuietly(deps, consoleSignInAlertMail(user.email, user.firstName, loginRules.free, meta.ip));
    }
    if (outcome.blockedUntil) throw lockedOut(outcome.blockedUntil, now);
    throw new Refusal("wrong_credentials", wrongCredentials);
  }
  if (!user) throw new Error("the decoy check matched"); // verifyDecoy answers false, always
  if (!user.isActive)
    throw new Refusal("account_deactivated", "This account has been deactivated. Please contact support.");
  if (!user.emailVerifiedAt) {
    throw new Refusal("email_unverified", "Please verify your email address with the code we sent you.", {
      data: { email: user.email, verified: false },
    });
  }
  const session = await startSession(deps, user.id, meta);
  return { token: session.token, role: user.role, expires_at: session.expiresAt.toISOString() };
}

/** Mails a password-reset code when the email has an account; answers the same either way. */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findByEmail(deps.db, email);
  if (!user?.isActive) {
    await freshCode();
    return;
  }
  const code = await issueQuietly(deps, user, "password_reset");
  if (code) await sendQuietly(deps, passwordResetCodeMail(user.email, user.firstName, code));
}

/**
 * Sets a new password once the emailed code checks out, ends every session, and lifts the sign-in
 * waits on the email (the code proved who is asking). It also proves the email, so an account never
 * verified becomes verified.
 */
export async function confirmPasswordReset(deps: AccountDeps, body: PasswordResetConfirmBody): Promise<void> {
  const user = await findByEmail(deps.db, body.email);
  const holder = user?.isActive ? user : null;
  assertPasswordAllowed(
    body.new_password,
    holder ?? { email: body.email, firstName: "", lastName: "" },
    "new_password",
  );
  const passwordHash = await hashSecret(body.new_password);
  await redeemCode(
    deps.db,
    deps.clock,
    { userId: holder?.id ?? null, email: body.email },
    "password_reset",
    body.code,
    async (tx) => {
      const now = deps.clock.now();
      const id = holder?.id ?? "";
      await tx
        .update(users)
        .set({
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, id));
      await endAllSessions(tx, deps.clock, id);
      // Every address's sign-in count for this email: the keys all start `login:<email>|`.
      await tx
        .delete(tryCounters)
        .where(sql`starts_with(${tryCounters.key}, ${signInTries(body.email, "")})`);
    },
  );
  if (holder) await sendQuietly(deps, passwordChangedMail(holder.email, holder.firstName));
}

/** Five wrong current passwords per account, then a 15-minute wait: a stolen session cannot guess it. */
const currentPasswordRule: TryRule = {
  free: 5,
  blockMs: 15 * 60_000,
  afterBlock: "restart",
  maxBlockMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};

/** Changes a known password; every other session ends, this one stays. */
export async function changePassword(
  deps: AccountDeps,
  { user, sessionId, secondFactorAt }: AuthSession,
  body: PasswordChangeBody,
): Promise<void> {
  // A staff password alone must not be enough to change it: the authenticator code comes first.
  if (user.role !== "customer" && !secondFactorAt)
    throw new Refusal("second_factor_needed", messages.secondFactorNeeded);
  const now = deps.clock.now();
  const key = `password:${user.id}`;
  const outcome = await tryGuess(deps.db, deps.clock, key, currentPasswordRule, () =>
    verifySecret(user.passwordHash, body.current_password),
  );
  const tooMany = (until: Date) =>
    new Refusal(
      "too_many_attempts",
      `Too many wrong passwords. Please try again in ${waitText(until, now)}.`,
    );
  if (outcome.result === "refused") throw tooMany(outcome.retryAt);
  if (outcome.result === "wrong") {
    if (outcome.blockedUntil) throw tooMany(outcome.blockedUntil);
    const { left } = outcome;
    const msg = `Your current password is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`;
    throw fieldRefusal("current_password", msg, "wrong_credentials");
  }
  if (body.new_password === body.current_password) {
    const msg = "Your new password must differ from your current one.";
    throw fieldRefusal("new_password", msg);
  }
  assertPasswordAllowed(body.new_password, user, "new_password");
  const passwordHash = await hashSecret(body.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, user.id));
    await endOtherSessions(tx, deps.clock, user.id, sessionId);
  });
  await sendQuietly(deps, passwordChangedMail(user.email, user.firstName));
}

export async function updateProfile(
  deps: AccountDeps,
  { user, secondFactorAt }: Pick<AuthSession, "user" | "secondFactorAt">,
  body: ProfileUpdateBody,
): Promise<Profile> {
  // What an identity check vouches for stays fixed: the rule is the KYC module's.
  return loadProfile(deps.db, await applyOwnProfileChange(deps, user, body), secondFactorAt);
}

export async function requestPinReset(deps: AccountDeps, user: UserRow): Promise<void> {
  const fresh = await freshCode();
  const code = await deps.db.transaction((tx) => issueCode(tx, deps.clock, user, "pin_reset", fresh));
  await sendQuietly(deps, pinResetCodeMail(user.email, user.firstName, code));
}

/** Sets the PIN (the first one, or a new one) once the emailed code checks out. Returns whether it replaced one. */
export async function confirmPinReset(
  deps: AccountDeps,
  user: UserRow,
  code: string,
  newPin: string,
): Promise<boolean> {
  const pinHash = hashPin(deps.config.pinKeys, user.id, newPin);
  const now = deps.clock.now();
  await redeemCode(
    deps.db,
    deps.clock,
    { userId: user.id, email: user.email },
    "pin_reset",
    code,
    async (tx) => {
      await tx.update(users).set({ pinHash, updatedAt: now }).where(eq(users.id, user.id));
      // A new PIN set through the emailed code also lifts a wrong-PIN lock.
      await clearTries(tx, pinTries(user.id));
    },
  );
  return user.pinHash !== null;
}
