import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import type { RegisterBody, VerifyCodeBody } from "../../../schemas/signedOut";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable, Transaction } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { oneTimeCodes, signUps, users } from "../../db/schema";
import { accountExistsMail, otherSignUpsEndedMail, verificationCodeMail } from "../../mail/messages";
import { enqueueMail, type MailOutbox } from "../../mail/outbox";
import { newReferralCode } from "../../randomIds";
import { fieldRefusal, Refusal } from "../../refusal";
import {
  codeTries,
  type FreshCode,
  freshCode,
  issueCode,
  issuedUnlessTooSoon,
  linkLifetimeMs,
  liveLink,
  redeemCode,
  redeemLink,
} from "./oneTimeCodes";
import { assertPasswordAllowed } from "./passwordPolicy";
import { hashSecret, verifySecret } from "./secrets";
import { signUpTicket, ticketMatches } from "./signUpTickets";
import { clearTries } from "./tryCounters";
import { openWallet } from "./walletAccounts";

export interface SignUpDeps {
  db: Database;
  clock: Clock;
  outbox: MailOutbox;
  config: Pick<Config, "totpKey" | "publicUrl">;
}

type SignUpRow = typeof signUps.$inferSelect;

/** A sign-up lives as long as its link: a day to be confirmed. */
export const signUpLifetimeMs = linkLifetimeMs.email_verification;
/** Sign-in tries a password against at most this many of an email's live sign-ups, newest first. */
const signInCandidates = 3;

const verifyLink = (deps: SignUpDeps, email: string, token: string) =>
  `${deps.config.publicUrl}/auth/verify-email#token=${token}&email=${encodeURIComponent(email)}`;

/** The email's sign-ups not yet confirmed, ended or expired, newest first: those that can become the account. */
async function liveSignUps(db: Queryable, now: Date, email: string, limit = 50): Promise<SignUpRow[]> {
  return db
    .select()
    .from(signUps)
    .where(and(eq(signUps.email, email), isNull(signUps.endedAt), gt(signUps.expiresAt, now)))
    .orderBy(desc(signUps.createdAt))
    .limit(limit);
}

type AnsweringSignUp = SignUpRow & { accountFirstName: string | null };

/**
 * The email's sign-ups that answer as waiting ones until they expire, newest first: the live ones, and
 * those an account superseded (made before it, or after it by someone who did not know of it), with
 * the account's first name when there is one. To whoever made it, a superseded sign-up looks like any
 * other: its password answers its ticket and it can ask for a new code; it only never becomes the
 * account. So nothing a sign-up's maker sees says whether the email has an account.
 */
async function answeringSignUps(
  db: Queryable,
  now: Date,
  email: string,
  limit = 50,
): Promise<AnsweringSignUp[]> {
  const rows = await db
    .select({ signUp: signUps, accountFirstName: users.firstName })
    .from(signUps)
    .leftJoin(users, eq(users.email, signUps.email))
    .where(
      and(
        eq(signUps.email, email),
        or(isNull(signUps.endedAt), eq(signUps.outcome, "superseded")),
        gt(signUps.expiresAt, now),
      ),
    )
    .orderBy(desc(signUps.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row.signUp, accountFirstName: row.accountFirstName }));
}

/**
 * Issues the sign-up's code and link and mails them, or, when the email already has an account (whose
 * first name `accountFirstName` is), mails its owner that it exists instead: the same statements
 * either way, and a code nobody is sent for a sign-up that can never be confirmed.
 */
async function mailCode(
  tx: Queryable,
  deps: SignUpDeps,
  signUp: SignUpRow,
  fresh: FreshCode,
  accountFirstName: string | null,
) {
  const { code, token } = await issueCode(
    tx,
    deps.clock,
    { signUpId: signUp.id },
    signUp.email,
    "email_verification",
    fresh,
    linkLifetimeMs.email_verification,
  );
  const link = verifyLink(deps, signUp.email, token ?? "");
  const mail =
    accountFirstName === null
      ? verificationCodeMail(signUp.email, signUp.firstName, code, link)
      : accountExistsMail(signUp.email, accountFirstName);
  await enqueueMail(tx, deps, mail);
}

/**
 * Records a sign-up and mails its code and link; answers the ticket that proves this browser gave its
 * password. Nothing becomes an account until the inbox's holder confirms it. An email that already has
 * an account is answered after the same work, with a sign-up superseded from the start whose ticket
 * answers like any other, and its owner is told by email, so nothing says which emails have accounts.
 */
export async function register(
  deps: SignUpDeps,
  body: RegisterBody,
): Promise<{ email: string; ticket: string }> {
  const owner = { email: body.email, firstName: body.first_name, lastName: body.last_name };
  assertPasswordAllowed(body.password, owner, "password");
  const passwordHash = await hashSecret(body.password);
  const fresh = await freshCode();
  const id = randomUUID();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    let referredBy: string | null = null;
    if (body.referral_code) {
      const [referrer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.referralCode, body.referral_code))
        .limit(1);
      if (!referrer) throw fieldRefusal("referral_code", "That referral code is not valid.");
      referredBy = referrer.id;
    }
    const [account] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.email, body.email))
      .limit(1);
    const [signUp] = await tx
      .insert(signUps)
      .values({
        id,
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone,
        passwordHash,
        referredBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + signUpLifetimeMs),
        // The email's account supersedes it from the start: it answers as a waiting sign-up, never confirms.
        ...(account && { endedAt: now, outcome: "superseded" as const }),
      })
      .returning();
    if (!signUp) throw new Error("insert returned no sign-up");
    await mailCode(tx, deps, signUp, fresh, account?.firstName ?? null);
  });
  deps.outbox.kick();
  return { email: body.email, ticket: signUpTicket(deps.config.totpKey, id) };
}

/** The sign-up among `rows` the ticket stands for. */
function ticketed<Row extends SignUpRow>(deps: SignUpDeps, rows: Row[], ticket: string): Row | undefined {
  return rows.find((signUp) => ticketMatches(deps.config.totpKey, signUp.id, ticket));
}

/**
 * Confirms the sign-up the ticket stands for, with its emailed code or link: it becomes the account,
 * and the email's other sign-ups end unused (their owner-to-be is told). An unknown ticket answers as
 * a wrong code does, after the same comparison, so a ticket from an email with an account looks like
 * any other.
 */
export async function confirmSignUp(deps: SignUpDeps, body: VerifyCodeBody): Promise<void> {
  const signUp = ticketed(deps, await liveSignUps(deps.db, deps.clock.now(), body.email), body.ticket);
  if (body.token !== undefined) {
    const link = await liveLink(deps.db, deps.clock, "email_verification", body.token);
    await redeemLink(deps.db, deps.clock, link, async (tx, row) => {
      if (row.signUpId === null || row.signUpId !== signUp?.id) throw notThisSignUp();
      await becomeAccount(tx, deps, signUp);
    });
  } else if (body.code !== undefined) {
    const holder = signUp ? { signUpId: signUp.id } : null;
    await redeemCode(deps.db, deps.clock, holder, body.email, "email_verification", body.code, (tx) =>
      signUp ? becomeAccount(tx, deps, signUp) : Promise.reject(new Error("a code matched no sign-up")),
    );
  } else {
    throw fieldRefusal("code", "Enter the 6-digit code from the email.");
  }
  deps.outbox.kick();
}

const notThisSignUp = () =>
  new Refusal(
    "not_allowed",
    "This link confirms a different sign-up with this email, not the one made with your password: someone else may have used your email. Use the newest email sent after you signed up, or sign in with your password to get a new one.",
  );

async function becomeAccount(tx: Transaction, deps: SignUpDeps, signUp: SignUpRow): Promise<void> {
  const now = deps.clock.now();
  // Every live sign-up of the email, locked: two confirmations of one email go one after the other.
  const live = await tx
    .select({ id: signUps.id })
    .from(signUps)
    .where(and(eq(signUps.email, signUp.email), isNull(signUps.endedAt)))
    .for("update");
  if (!live.some((row) => row.id === signUp.id))
    throw new Refusal("code_used", "This sign-up has already ended. Sign in, or sign up again.");
  const [account] = await tx
    .insert(users)
    .values({
      email: signUp.email,
      firstName: signUp.firstName,
      lastName: signUp.lastName,
      phone: signUp.phone,
      passwordHash: signUp.passwordHash,
      role: "customer",
      emailVerifiedAt: now,
      referralCode: newReferralCode(),
      referredBy: signUp.referredBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new Refusal("already_exists", "An account already uses this email. Please sign in.");
      throw error;
    });
  if (!account) throw new Error("insert returned no user");
  await openWallet(tx, deps.clock, account.id);
  await tx
    .update(signUps)
    .set({ endedAt: now, outcome: "verified", userId: account.id })
    .where(eq(signUps.id, signUp.id));
  const others = await tx
    .update(signUps)
    .set({ endedAt: now, outcome: "superseded" })
    .where(and(eq(signUps.email, signUp.email), isNull(signUps.endedAt), ne(signUps.id, signUp.id)))
    .returning({ id: signUps.id });
  if (others.length > 0) {
    const ids = others.map((row) => row.id);
    // A code another confirmation is redeeming right now is skipped, not waited for: that confirmation
    // holds it while it waits for the sign-ups we hold, so waiting would deadlock. It finds its
    // sign-up ended once we commit and is refused; its code then stays unused, for an ended sign-up.
    const unused = await tx
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(inArray(oneTimeCodes.signUpId, ids), isNull(oneTimeCodes.consumedAt)))
      .for("update", { skipLocked: true });
    if (unused.length > 0)
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          inArray(
            oneTimeCodes.id,
            unused.map((row) => row.id),
          ),
        );
    await enqueueMail(tx, deps, otherSignUpsEndedMail(signUp.email, signUp.firstName, others.length));
  }
  await clearTries(tx, codeTries("email_verification", signUp.email));
}

/**
 * Mails a new code and link for the ticket's sign-up (its email's owner is told of the account instead
 * when one supersedes it); answers the same whether there is one or not.
 */
export async function resendSignUpCode(deps: SignUpDeps, email: string, ticket: string): Promise<void> {
  const signUp = ticketed(deps, await answeringSignUps(deps.db, deps.clock.now(), email), ticket);
  const fresh = await freshCode(); // the same slow hash either way
  if (!signUp) return;
  const mail = (tx: Queryable) => mailCode(tx, deps, signUp, fresh, signUp.accountFirstName);
  if (await issuedUnlessTooSoon(() => deps.db.transaction(mail))) deps.outbox.kick();
}

/**
 * The email's sign-up this password was given for, with a ticket for it: signing in with a sign-up's
 * password proves it as well as the browser that signed up. Checks the newest few only.
 */
export async function signUpWithPassword(
  deps: SignUpDeps,
  candidates: SignUpRow[],
  password: string,
): Promise<{ signUp: SignUpRow; ticket: string } | null> {
  for (const signUp of candidates) {
    if (await verifySecret(signUp.passwordHash, password))
      return { signUp, ticket: signUpTicket(deps.config.totpKey, signUp.id) };
  }
  return null;
}

/** The sign-ups a sign-in tries its password against: the answering ones, live or superseded. */
export const signInCandidatesFor = (deps: SignUpDeps, email: string): Promise<SignUpRow[]> =>
  answeringSignUps(deps.db, deps.clock.now(), email, signInCandidates);

/** Sign-ups ended or expired a month ago go, with their codes (the background work calls it). */
export async function forgetOldSignUps(deps: { db: Database; clock: Clock }): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - 30 * 86_400_000);
  return deps.db.transaction(async (tx) => {
    const old = await tx
      .select({ id: signUps.id })
      .from(signUps)
      .where(lt(signUps.expiresAt, before))
      .limit(1000);
    if (old.length === 0) return 0;
    const ids = old.map((row) => row.id);
    await tx.delete(oneTimeCodes).where(inArray(oneTimeCodes.signUpId, ids));
    await tx.delete(signUps).where(inArray(signUps.id, ids));
    return ids.length;
  });
}
