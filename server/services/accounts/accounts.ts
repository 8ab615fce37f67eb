import { eq, sql } from "drizzle-orm";
import type { LoginBody, PasswordChangeBody, Profile, ProfileUpdateBody } from "../../../schemas/auth";
import type { PasswordResetConfirmBody } from "../../../schemas/signedOut";
import { waitUntilWords } from "../../../schemas/waits";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Transaction } from "../../db/database";
import { tryCounters, users } from "../../db/schema";
import type { AuthSession, UserRow } from "../../deps";
import type { OutgoingMail } from "../../mail/mailer";
import {
  consoleSignInAlertMail,
  noAccountResetMail,
  passwordChangedMail,
  passwordResetMail,
  pinResetCodeMail,
  signInCodeMail,
  signInUnderAttackMail,
} from "../../mail/messages";
import { enqueueMail, type MailOutbox } from "../../mail/outbox";
import { fieldRefusal, messages, Refusal } from "../../refusal";
import { applyOwnProfileChange } from "../kyc/detailsLock";
import { recordNoAccountNotice } from "../notices/noAccountNotices";
import { loadProfile } from "../people/profiles";
import { pinTries } from "../purchases/purchaseRules";
import { hashPin } from "./keyedPinHash";
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
import { hashSecret, verifyDecoy, verifySecret } from "./secrets";
import { endAllSessions, endOtherSessions, startSession } from "./sessions";
import { accountGuard, enterAccountGuard, leaveAccountGuard } from "./signInProtection";
import { signInCandidatesFor, signUpWithPassword } from "./signUps";
import { type CheckResult, clearTries, type TryRule, tryGuess } from "./tryCounters";

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
 * Issues a code for an account and puts its mail in the outbox, in one transaction (the code's slow
 * hash is made before it opens); a code asked for again within the minute quietly sends nothing, since
 * the answer is the same.
 */
async function mailCode(
  deps: AccountDeps,
  user: UserRow,
  purpose: CodePurpose,
  write: (code: string) => OutgoingMail,
): Promise<void> {
  const fresh = await freshCode();
  const issued = await issuedUnlessTooSoon(() =>
    deps.db.transaction(async (tx) => {
      const { code } = await issueCode(tx, deps.clock, { userId: user.id }, user.email, purpose, fresh);
      await enqueueMail(tx, deps, write(code));
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
    `Too many failed sign-in attempts. Please try again in ${waitUntilWords(until, now)}.`,
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
  // Looked for whether or not the email has an account: a stranger's sign-up of a taken email answers
  // its password as any sign-up does (docs/decisions.md, "A sign-up's password on a taken email").
  const candidates = await signInCandidatesFor(deps, body.email);
  let signUp: Awaited<ReturnType<typeof signUpWithPassword>> = null;
  /**
   * The password was not the account's. A sign-up's password counts as wrong too, for every email:
   * for one with an account it was a guess at the account's password, and a stranger could otherwise
   * sign up with each guess and try it for free.
   */
  let wrongPassword = false;
  /** Whether the account guard asked this sign-in for a code; known once it was let in to be checked. */
  let guarded = false;
  let failures = 0;
  const outcome = await tryGuess(
    deps.db,
    deps.clock,
    signInTries(body.email, meta.ip),
    loginRules,
    async () => {
      // Entered only by a guess its address lets in: a burst refused at its address is not "in flight"
      // for the account, so it cannot make the guesses actually checked beside it ask for a code.
      guarded = await enterAccountGuard(deps.db, deps.clock, body.email);
      try {
        // One slow hash for the account, real or not, then the sign-ups': the same count for any email.
        const passwordRight = user
          ? await verifySecret(user.passwordHash, body.password)
          : await verifyDecoy(body.password);
        wrongPassword = !passwordRight;
        if (!passwordRight) signUp = await signUpWithPassword(deps, candidates, body.password);
        const code = body.code;
        return await passwordJudged(
          passwordRight,
          guarded,
          user && code ? () => signInCodeRight(deps, user, code) : null,
        );
      } finally {
        // Settled however the check ended (thrown or answered), counting only a wrong password.
        failures = await leaveAccountGuard(deps.db, deps.clock, body.email, wrongPassword);
      }
    },
  );
  if (outcome.result === "refused") throw lockedOut(outcome.retryAt, now);
  const found = signUp as Awaited<ReturnType<typeof signUpWithPassword>>;
  if (outcome.result === "wrong") {
    if (wrongPassword && user) await alertOwner(deps, user, failures, outcome.failures, meta.ip);
    // Its maker gets the sign-up's ticket even on the try that starts a wait, which holds the next one.
    if (found)
      throw new Refusal("email_unverified", "Please confirm your email with the code we sent you.", {
        data: { email: body.email, verified: false, ticket: found.ticket },
      });
    if (outcome.blockedUntil) throw lockedOut(outcome.blockedUntil, now);
    if (guarded) {
      await freshCode(); // the same slow hash a mailed code spends
      throw codeNeeded(body.code !== undefined);
    }
    throw new Refusal("wrong_credentials", wrongCredentials);
  }
  if (!user) throw new Error("the decoy check matched"); // verifyDecoy answers false, always
  if (outcome.result === "uncounted") {
    // The right password on an account under guard, without its code: the code goes to the owner.
    await mailCode(deps, user, "sign_in", (code) =>
      signInCodeMail(user.email, user.firstName, code, meta.ip),
    );
    throw codeNeeded(false);
  }
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

/**
 * How a checked sign-in counts against its address's waits: a wrong password counts, the right one
 * starts the address afresh. On an account under guard the right password without the code counts
 * neither way: the owner's wait must not grow once they have proven their password (the code is
 * mailed to them), and the address must not start afresh on anything less than a full sign-in. Given
 * with a code, the code decides: a wrong one counts, so whoever has the password still meets the
 * waits while guessing the code.
 */
async function passwordJudged(
  passwordRight: boolean,
  guarded: boolean,
  codeRight: (() => Promise<boolean>) | null,
): Promise<CheckResult> {
  if (!passwordRight) return false;
  if (!guarded) return true;
  return codeRight ? codeRight() : "uncounted";
}

/** Mails the owner when wrong passwords reach the account guard, and a console account when its waits begin. */
async function alertOwner(
  deps: AccountDeps,
  user: UserRow,
  accountFailures: number,
  addressFailures: number,
  address: string | null,
) {
  if (accountFailures === accountGuard.threshold) {
    const addresses = await addressesWithWrongPasswords(deps.db, user.email);
    await mailNotice(
      deps,
      signInUnderAttackMail(user.email, user.firstName, accountFailures, addresses, address),
    );
  }
  if (user.role !== "customer" && addressFailures === loginRules.free)
    await mailNotice(deps, consoleSignInAlertMail(user.email, user.firstName, loginRules.free, address));
}

/** How many addresses have wrong passwords on the email that no right one has since wiped. */
async function addressesWithWrongPasswords(db: Database, email: string): Promise<number> {
  const t = tryCounters;
  return db.$count(t, sql`starts_with(${t.key}, ${signInTries(email, "")}) and ${t.failures} > 0`);
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

/**
 * Mails a link (and a code, for another device) when the email has an active account, and otherwise a
 * notice that none uses it: either at most once a minute, after the same slow hash and the same
 * statements, so neither the answer nor its time says which emails have accounts.
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const found = await findByEmail(deps.db, email);
  const user = found?.isActive ? found : null;
  const fresh = await freshCode();
  const issued = await issuedUnlessTooSoon(() =>
    deps.db.transaction(async (tx) => {
      if (!user) {
        await recordNoAccountNotice(tx, deps.clock, email);
        await enqueueMail(tx, deps, noAccountResetMail(email, `${deps.config.publicUrl}/auth/register`));
        return;
      }
      const holder = { userId: user.id };
      const linkMs = linkLifetimeMs.password_reset;
      const { code, token } = await issueCode(tx, deps.clock, holder, email, "password_reset", fresh, linkMs);
      const link = resetLink(deps, token ?? "");
      await enqueueMail(tx, deps, passwordResetMail(user.email, user.firstName, code, link));
    }),
  );
  if (issued) deps.outbox.kick();
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
    // Judged by the email alone until the code is proven: a rule about the account's names, judged
    // now, would refuse some passwords for an email with an account and not for one without.
    assertPasswordAllowed(body.new_password, { email, firstName: "", lastName: "" }, "new_password");
    const passwordHash = await hashSecret(body.new_password);
    await redeemCode(
      deps.db,
      deps.clock,
      holder ? { userId: holder.id } : null,
      email,
      "password_reset",
      body.code ?? "",
      async (tx) => {
        if (!holder) return;
        // Refused here, the transaction that used the code rolls back, so the code works again.
        assertPasswordAllowed(body.new_password, holder, "new_password");
        await setNewPassword(tx, deps, holder, passwordHash);
      },
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
      `Too many wrong passwords. Please try again in ${waitUntilWords(until, now)}.`,
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
