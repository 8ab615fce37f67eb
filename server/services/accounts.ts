import { eq, sql } from "drizzle-orm";
import type { LoginBody, PasswordChangeBody, Profile, ProfileUpdateBody } from "../../schemas/auth";
import type { PasswordResetConfirmBody } from "../../schemas/signedOut";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database, Transaction } from "../db/database";
import { tryCounters, users } from "../db/schema";
import type { AuthSession, UserRow } from "../deps";
import type { OutgoingMail } from "../mail/mailer";
import {
  consoleSignInAlertMail,
  passwordChangedMail,
  passwordResetMail,
  pinResetCodeMail,
  signInCodeMail,
  signInUnderAttackMail,
} from "../mail/messages";
import { enqueueMail, type MailOutbox } from "../mail/outbox";
import { fieldRefusal, messages, Refusal } from "../refusal";
import { hashPin } from "./keyedPinHash";
import { applyOwnProfileChange } from "./kyc/detailsLock";
import {
  type CodePurpose,
  codeTries,
  freshCode,
  issueCode,
  issuedUnlessTooSoon,
  linkDead,
  linkLifetimeMs,
  liveLink,
  redeemCode,
  redeemLink,
} from "./oneTimeCodes";
import { assertPasswordAllowed } from "./passwordPolicy";
import { loadProfile } from "./profiles";
import { pinTries } from "./purchases/purchaseRules";
import { hashSecret, verifyDecoy, verifySecret } from "./secrets";
import { endAllSessions, endOtherSessions, startSession } from "./sessions";
import { accountGuard, enterAccountGuard, leaveAccountGuard } from "./signInProtection";
import { signInCandidatesFor, signUpWithPassword } from "./signUps";
import { clearTries, type TryRule, tryGuess, waitText } from "./tryCounters";

export interface AccountDeps {
  db: Database;
  clock: Clock;
  outbox: MailOutbox;
  config: Pick<Config, "sessionIdleMs" | "sessionMaxMs" | "pinKeys" | "totpKey" | "publicUrl">;
}

const wrongCredentials = "Incorrect email or password.";

async function findByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/**
 * Issues a code (and link, when `linkMs` is given) for an account and puts its mail in the outbox, in
 * one transaction (the code's slow hash is made before it opens); a code asked for again within the
 * minute quietly sends nothing, since the answer is the same.
 */
async function mailCode(
  deps: AccountDeps,
  user: UserRow,
  purpose: CodePurpose,
  write: (code: string, token: string | null) => OutgoingMail,
  linkMs: number | null = null,
): Promise<void> {
  const fresh = await freshCode();
  const issued = await issuedUnlessTooSoon(() =>
    deps.db.transaction(async (tx) => {
      const holder = { userId: user.id };
      const { code, token } = await issueCode(tx, deps.clock, holder, user.email, purpose, fresh, linkMs);
      await enqueueMail(tx, deps, write(code, token));
    }),
  );
  if (issued) deps.outbox.kick();
}

/** Mails one thing that needs no code, after what it announces has been committed elsewhere. */
async function mailNotice(deps: AccountDeps, mail: OutgoingMail): Promise<void> {
  await enqueueMail(deps.db, deps, mail);
  deps.outbox.kick();
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

/** What an email under attack answers to anything but its password with the right code. */
const codeNeeded = (codeWasWrong: boolean) =>
  new Refusal(
    "sign_in_code_needed",
    codeWasWrong
      ? "That email, password or sign-in code is not right. Check them, or sign in again without a code for a new one."
      : "Many wrong passwords were tried on this account, so signing in also needs a code: if the password is right, we have emailed one to the account's owner. Enter it below.",
    codeWasWrong ? { fields: { code: ["Check the code."] } } : {},
  );

export async function login(
  deps: AccountDeps,
  body: LoginBody,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; role: UserRow["role"]; expires_at: string }> {
  const now = deps.clock.now();
  const user = await findByEmail(deps.db, body.email);
  const candidates = user ? [] : await signInCandidatesFor(deps, body.email);
  const guarded = await enterAccountGuard(deps.db, deps.clock, body.email);
  let signUp: Awaited<ReturnType<typeof signUpWithPassword>> = null;
  let passwordRight = false;
  /** A password was checked and was neither the account's nor a waiting sign-up's. */
  let wrongPassword = false;
  let outcome: Awaited<ReturnType<typeof tryGuess>>;
  let failures: number;
  try {
    outcome = await tryGuess(deps.db, deps.clock, signInTries(body.email, meta.ip), loginRules, async () => {
      if (user) passwordRight = await verifySecret(user.passwordHash, body.password);
      else if (candidates.length > 0) signUp = await signUpWithPassword(deps, candidates, body.password);
      else await verifyDecoy(body.password);
      wrongPassword = !passwordRight && signUp === null;
      // An email under attack: the password counts as right only with the code its owner was mailed.
      if (!user || !passwordRight || !guarded) return !wrongPassword;
      return body.code !== undefined && (await signInCodeRight(deps, user, body.code));
    });
  } finally {
    // Settled however the guess ended (refused, thrown, checked), counting only a wrong password.
    failures = await leaveAccountGuard(deps.db, deps.clock, body.email, wrongPassword);
  }
  if (outcome.result === "refused") throw lockedOut(outcome.retryAt, now);
  if (outcome.result === "wrong") {
    if (wrongPassword) {
      if (user && failures === accountGuard.threshold)
        await mailNotice(deps, signInUnderAttackMail(user.email, user.firstName, failures));
      if (user && user.role !== "customer" && outcome.failures === loginRules.free)
        await mailNotice(deps, consoleSignInAlertMail(user.email, user.firstName, loginRules.free, meta.ip));
    }
    if (outcome.blockedUntil) throw lockedOut(outcome.blockedUntil, now);
    if (guarded && user && passwordRight && body.code === undefined) {
      await mailCode(deps, user, "sign_in", (code) =>
        signInCodeMail(user.email, user.firstName, code, meta.ip),
      );
    } else if (guarded) {
      await freshCode(); // the same slow hash a mailed code spends: the time says nothing of the password
    }
    if (guarded) throw codeNeeded(body.code !== undefined);
    throw new Refusal("wrong_credentials", wrongCredentials);
  }
  const found = signUp as Awaited<ReturnType<typeof signUpWithPassword>>;
  if (found) {
    throw new Refusal("email_unverified", "Please confirm your email with the code we sent you.", {
      data: { email: body.email, verified: false, ticket: found.ticket },
    });
  }
  if (!user) throw new Error("the decoy check matched"); // verifyDecoy answers false, always
  if (!user.isActive)
    throw new Refusal("account_deactivated", "This account has been deactivated. Please contact support.");
  if (!user.emailVerifiedAt) {
    // An account from before sign-ups were kept apart: "Forgot password?" proves its email.
    const msg = 'Your email was never confirmed. Choose "Forgot password?" to confirm it and sign in.';
    throw new Refusal("email_unverified", msg, { data: { email: user.email, verified: false } });
  }
  const session = await startSession(deps, user.id, meta);
  return { token: session.token, role: user.role, expires_at: session.expiresAt.toISOString() };
}

/** The sign-in code the owner was mailed; wrong ones count against five per code (only after the password). */
async function signInCodeRight(deps: AccountDeps, user: UserRow, code: string): Promise<boolean> {
  try {
    await redeemCode(deps.db, deps.clock, { userId: user.id }, user.email, "sign_in", code, async () => {});
    return true;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

/** The page that chooses a password from a mailed link; the token rides in the fragment, which no server or log sees. */
export const resetLink = (deps: { config: { publicUrl: string } }, token: string, invited = false) =>
  `${deps.config.publicUrl}/auth/reset-password#token=${token}${invited ? "&invited=1" : ""}`;

/** Mails a link (and a code, for another device) when the email has an account; answers the same either way. */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const user = await findByEmail(deps.db, email);
  if (!user?.isActive) {
    await freshCode(); // the same slow hash a real one spends
    return;
  }
  await mailCode(
    deps,
    user,
    "password_reset",
    (code, token) => passwordResetMail(user.email, user.firstName, code, resetLink(deps, token ?? "")),
    linkLifetimeMs.password_reset,
  );
}

/**
 * Sets a new password once the emailed link or code checks out, ends every session, and lifts the
 * sign-in waits on the email (the mail proved who is asking). It also proves the email, so an account
 * never verified (an invited staff member's) becomes verified.
 */
export async function confirmPasswordReset(deps: AccountDeps, body: PasswordResetConfirmBody): Promise<void> {
  if (body.token !== undefined) {
    const link = await liveLink(deps.db, deps.clock, "password_reset", body.token);
    const [holder] = link.userId ? await deps.db.select().from(users).where(eq(users.id, link.userId)) : [];
    if (!holder?.isActive) throw linkDead();
    assertPasswordAllowed(body.new_password, holder, "new_password");
    const passwordHash = await hashSecret(body.new_password);
    await redeemLink(deps.db, deps.clock, link, (tx) => setNewPassword(tx, deps, holder, passwordHash));
  } else {
    const email = body.email ?? "";
    const user = await findByEmail(deps.db, email);
    const holder = user?.isActive ? user : null;
    assertPasswordAllowed(
      body.new_password,
      holder ?? { email, firstName: "", lastName: "" },
      "new_password",
    );
    const passwordHash = await hashSecret(body.new_password);
    await redeemCode(
      deps.db,
      deps.clock,
      holder ? { userId: holder.id } : null,
      email,
      "password_reset",
      body.code ?? "",
      (tx) => (holder ? setNewPassword(tx, deps, holder, passwordHash) : Promise.resolve()),
    );
  }
  deps.outbox.kick();
}

async function setNewPassword(tx: Transaction, deps: AccountDeps, user: UserRow, passwordHash: string) {
  const now = deps.clock.now();
  await tx
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await endAllSessions(tx, deps.clock, user.id);
  // Every address's sign-in count for this email: the keys all start `login:<email>|`.
  await tx.delete(tryCounters).where(sql`starts_with(${tryCounters.key}, ${signInTries(user.email, "")})`);
  await clearTries(tx, codeTries("password_reset", user.email));
  await enqueueMail(tx, deps, passwordChangedMail(user.email, user.firstName));
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
    await enqueueMail(tx, deps, passwordChangedMail(user.email, user.firstName));
  });
  deps.outbox.kick();
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
  await deps.db.transaction(async (tx) => {
    const { code } = await issueCode(tx, deps.clock, { userId: user.id }, user.email, "pin_reset", fresh);
    await enqueueMail(tx, deps, pinResetCodeMail(user.email, user.firstName, code));
  });
  deps.outbox.kick();
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
  await redeemCode(deps.db, deps.clock, { userId: user.id }, user.email, "pin_reset", code, async (tx) => {
    await tx.update(users).set({ pinHash, updatedAt: now }).where(eq(users.id, user.id));
    // A new PIN set through the emailed code also lifts a wrong-PIN lock.
    await clearTries(tx, pinTries(user.id));
  });
  return user.pinHash !== null;
}
