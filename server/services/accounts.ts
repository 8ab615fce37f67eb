import { eq, sql } from "drizzle-orm";
import type { LoginBody, Profile, ProfileUpdateBody, RegisterBody } from "../../schemas/auth";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { users } from "../db/schema";
import type { UserRow } from "../deps";
import { ApiError, badRequest, forbidden, tooManyRequests } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { pinResetCodeMail, verificationCodeMail } from "../mail/messages";
import { freshCode, issueCode, redeemCode } from "./oneTimeCodes";
import { loadProfile } from "./profiles";
import { newReferralCode } from "./randomIds";
import { hashSecret, verifyDecoy, verifySecret } from "./secrets";
import { startSession } from "./sessions";
import { userChanges } from "./userChanges";
import { openWallet } from "./walletAccounts";

export interface AccountDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, "sessionIdleMs" | "sessionMaxMs">;
  logger: { error(obj: object, msg: string): void };
}

export const duplicateEmailMessage = "custom user with this email already exists.";
const wrongCredentials = "Incorrect email or password.";
export const loginRules = { maxFailures: 5, lockMs: 15 * 60_000 } as const;

async function findByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Mail goes out after the transaction commits; a failed send is logged, and "resend" recovers. */
async function sendQuietly(deps: AccountDeps, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    deps.logger.error({ err: error }, "sending mail failed");
  }
}

export async function register(deps: AccountDeps, body: RegisterBody): Promise<{ email: string }> {
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
          throw badRequest("That referral code is not valid.", {
            referral_code: ["That referral code is not valid."],
          });
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
      return issueCode(tx, deps.clock, user.id, "email_verification", fresh);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw badRequest("User with this email already exists.", { email: [duplicateEmailMessage] });
    }
    throw error;
  }
  await sendQuietly(deps, () => deps.mailer.send(verificationCodeMail(body.email, body.first_name, code)));
  return { email: body.email };
}

const noSuchAccount = () =>
  badRequest("We could not find an account with that email.", { email: ["No account uses this email."] });

export async function verifyEmail(deps: AccountDeps, email: string, code: string): Promise<void> {
  const user = await findByEmail(deps.db, email);
  if (!user) throw noSuchAccount();
  if (user.emailVerifiedAt) throw badRequest("This email is already verified. Please sign in.");
  await redeemCode(deps.db, deps.clock, user.id, "email_verification", code, async (tx) => {
    const now = deps.clock.now();
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  });
}

export async function resendVerificationCode(deps: AccountDeps, email: string): Promise<void> {
  const user = await findByEmail(deps.db, email);
  if (!user) throw noSuchAccount();
  if (user.emailVerifiedAt) throw badRequest("This email is already verified. Please sign in.");
  const fresh = await freshCode();
  const code = await deps.db.transaction((tx) =>
    issueCode(tx, deps.clock, user.id, "email_verification", fresh),
  );
  await sendQuietly(deps, () => deps.mailer.send(verificationCodeMail(user.email, user.firstName, code)));
}

function minutesLeft(until: Date, now: Date) {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

function lockedOut(until: Date, now: Date) {
  const minutes = minutesLeft(until, now);
  return tooManyRequests(
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  );
}

export async function login(
  deps: AccountDeps,
  body: LoginBody,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; role: UserRow["role"]; expires_at: string }> {
  const now = deps.clock.now();
  const user = await findByEmail(deps.db, body.email);
  if (!user) {
    await verifyDecoy(body.password);
    throw badRequest(wrongCredentials);
  }
  if (user.loginLockedUntil && user.loginLockedUntil > now) throw lockedOut(user.loginLockedUntil, now);

  if (!(await verifySecret(user.passwordHash, body.password))) {
    // One statement, so simultaneous wrong guesses are all counted; the fifth locks and restarts the count.
    const lockUntil = new Date(now.getTime() + loginRules.lockMs);
    const [after] = await deps.db
      .update(users)
      .set({
        failedLogins: sql`case when ${users.failedLogins} + 1 >= ${loginRules.maxFailures} then 0 else ${users.failedLogins} + 1 end`,
        loginLockedUntil: sql`case when ${users.failedLogins} + 1 >= ${loginRules.maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${users.loginLockedUntil} end`,
      })
      .where(eq(users.id, user.id))
      .returning({ lockedUntil: users.loginLockedUntil });
    if (after?.lockedUntil && after.lockedUntil > now) throw lockedOut(after.lockedUntil, now);
    throw badRequest(wrongCredentials);
  }

  if (user.failedLogins > 0 || user.loginLockedUntil) {
    await deps.db.update(users).set({ failedLogins: 0, loginLockedUntil: null }).where(eq(users.id, user.id));
  }
  if (!user.isActive) throw forbidden("This account has been deactivated. Please contact support.");
  if (!user.emailVerifiedAt) {
    throw forbidden("Please verify your email address with the code we sent you.", {
      email: user.email,
      verified: false,
    });
  }
  const session = await startSession(deps, user.id, meta);
  return { token: session.token, role: user.role, expires_at: session.expiresAt.toISOString() };
}

export async function updateProfile(
  deps: AccountDeps,
  user: UserRow,
  body: ProfileUpdateBody,
): Promise<Profile> {
  const [updated] = await deps.db
    .update(users)
    .set({ ...userChanges(body), updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new ApiError(404, "Not found.");
  return loadProfile(deps.db, updated);
}

export async function requestPinReset(deps: AccountDeps, user: UserRow): Promise<void> {
  const fresh = await freshCode();
  const code = await deps.db.transaction((tx) => issueCode(tx, deps.clock, user.id, "pin_reset", fresh));
  await sendQuietly(deps, () => deps.mailer.send(pinResetCodeMail(user.email, user.firstName, code)));
}

/** Sets the PIN (the first one, or a new one) once the emailed code checks out. Returns whether it replaced one. */
export async function confirmPinReset(
  deps: AccountDeps,
  user: UserRow,
  code: string,
  newPin: string,
): Promise<boolean> {
  const pinHash = await hashSecret(newPin);
  const now = deps.clock.now();
  await redeemCode(deps.db, deps.clock, user.id, "pin_reset", code, async (tx) => {
    // A new PIN set through the emailed code also lifts a wrong-PIN lock.
    await tx
      .update(users)
      .set({ pinHash, failedPins: 0, pinLockedUntil: null, updatedAt: now })
      .where(eq(users.id, user.id));
  });
  return user.pinHash !== null;
}
