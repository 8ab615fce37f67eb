import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { formatNaira } from "../../../schemas/money";
import { salesPausedMessage } from "../../../schemas/status";
import { waitUntilWords } from "../../../schemas/waits";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable } from "../../db/database";
import { emergencyMode, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { fieldRefusal, Refusal } from "../../refusal";
import { hashPin, isSlowPinHash, verifyKeyedPin, verifyPin } from "../accounts/keyedPinHash";
import { knownGuess, type TryOutcome, type TryRule, tryGuess } from "../accounts/tryCounters";
import { canTransact } from "../people/profiles";

export const pinRules: TryRule = {
  free: 5,
  blockMs: 30 * 60_000,
  afterBlock: "restart",
  maxBlockMs: 30 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};

/** Emergency mode stops every sale and funding, with the admin's words (503). */
export async function assertSalesOpen(db: Queryable): Promise<void> {
  const [mode] = await db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
  assertModeOpen(mode);
}

/** `assertSalesOpen` with the switch's row already read (by a statement that read it with others). */
export function assertModeOpen(mode: typeof emergencyMode.$inferSelect | null | undefined): void {
  if (mode?.enabled) throw new Refusal("sales_paused", salesPausedMessage(mode.message));
}

/** A customer may move money once verified and not suspended by an admin. */
export function assertMayTransact(user: UserRow): void {
  if (!canTransact(user)) throw restricted();
}

/** An account that may not move money right now, in a customer's words. */
export const restricted = () =>
  new Refusal(
    "account_restricted",
    "Your account cannot make purchases or add money right now. Please contact support.",
  );

export const pinTries = (userId: string) => `pin:${userId}`;

/** The wallet holds less than what is bought costs: a purchase's words, and a level upgrade's. */
export const insufficientFunds = (total: number, balance: number) =>
  new Refusal(
    "insufficient_funds",
    `Insufficient balance: this costs ${formatNaira(total)} and your wallet has ${formatNaira(balance)}. Fund your wallet and try again.`,
    { data: { balance, total } },
  );

type PinDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "pinKeys">;
  logger: Pick<Logger, "warn">;
};

/** Where a customer sets the first PIN: the wizard's confirm step offers it, as Profile's Reset Pin does. */
const pinNotSet =
  "Set your transaction PIN first: choose Set your PIN where you pay, or Reset Pin on your Profile.";

/** The customer's PIN hash, refused when none is set yet. */
function pinHashOf(user: UserRow): string {
  if (!user.pinHash) {
    throw new Refusal("pin_not_set", pinNotSet, { fields: { pin: ["No PIN is set yet."] } });
  }
  return user.pinHash;
}

/** A PIN judged before any statement is sent: right or not, and whether its hash wants rewriting. */
export interface JudgedPin {
  pin: string;
  right: boolean;
  stale: boolean;
}

/**
 * Judges the PIN at once where its hash allows: a keyed hash is checked in microseconds, so the
 * guess is judged first and then let in and counted by one statement (`knownGuess`, or the purchase's
 * hold), instead of one to let it in and another to count it. An argon2id hash answers null: it is
 * compared only once `tryGuess` has let it in (`checkPin`).
 */
export function judgePin(deps: Pick<PinDeps, "config">, user: UserRow, pin: string): JudgedPin | null {
  const pinHash = pinHashOf(user);
  if (isSlowPinHash(pinHash)) return null;
  return { pin, ...verifyKeyedPin(deps.config.pinKeys, user.id, pinHash, pin) };
}

/**
 * The transaction PIN, checked before any money is held. Five wrong PINs lock purchases for 30
 * minutes (423); each wrong one says how many tries are left. PINs sent at the same time get the five
 * tries between them, no more: a keyed hash is counted by the statement that lets it in
 * (`knownGuess`), an argon2id one is compared only once `tryGuess` has let it in.
 */
export async function checkPin(deps: PinDeps, user: UserRow, pin: string): Promise<void> {
  const key = pinTries(user.id);
  const judged = judgePin(deps, user, pin);
  if (judged) {
    const refusal = await countJudgedPin(deps, user, judged);
    if (refusal) throw refusal;
    return;
  }
  const pinHash = pinHashOf(user);
  let stale = false;
  const outcome = await tryGuess(deps.db, deps.clock, key, pinRules, async () => {
    const check = await verifyPin(deps.config.pinKeys, user.id, pinHash, pin);
    stale = check.stale;
    return check.right;
  });
  const refusal = await acceptPin(deps, user, { pin, right: outcome.result === "right", stale }, outcome);
  if (refusal) throw refusal;
}

/** A PIN judged at once, let in and counted by a statement of its own: the refusal it comes to, if any. */
export async function countJudgedPin(
  deps: PinDeps,
  user: UserRow,
  judged: JudgedPin,
): Promise<Refusal | null> {
  const outcome = await knownGuess(deps.db, deps.clock, pinTries(user.id), pinRules, judged.right);
  return acceptPin(deps, user, judged, outcome);
}

/**
 * What a counted guess at the PIN comes to: null for a right one (its hash rewritten under the
 * current key if stale), otherwise the refusal to answer: 423 while locked, or how many tries are left.
 */
export async function acceptPin(
  deps: PinDeps,
  user: UserRow,
  judged: JudgedPin,
  outcome: TryOutcome,
): Promise<Refusal | null> {
  if (outcome.result === "right") {
    if (judged.stale) {
      const newHash = hashPin(deps.config.pinKeys, user.id, judged.pin);
      await upgradePinHash(deps, user.id, pinHashOf(user), newHash);
    }
    return null;
  }
  if (outcome.result === "refused") {
    const wait = waitUntilWords(outcome.retryAt, deps.clock.now()).replace(" ", " more "); // "29 more minutes"
    return new Refusal("locked", `Too many wrong PINs. Purchases are locked for ${wait}.`);
  }
  if (outcome.blockedUntil)
    return new Refusal("locked", "Too many wrong PINs. Purchases are locked for 30 minutes.");
  const { left } = outcome;
  const msg = `Incorrect PIN. You have ${left} attempt${left === 1 ? "" : "s"} left.`;
  return fieldRefusal("pin", msg, "wrong_pin");
}

/**
 * Rewrites a PIN hash made by argon2 or under an older key with the current key, once its PIN has
 * proved right. Only the row still holding the old hash changes: a PIN reset meanwhile wins. The
 * purchase goes on whatever happens here; the old hash keeps working until a later try succeeds.
 */
async function upgradePinHash(
  deps: { db: Database; logger: Pick<Logger, "warn"> },
  userId: string,
  oldHash: string,
  newHash: string,
): Promise<void> {
  try {
    await deps.db
      .update(users)
      .set({ pinHash: newHash })
      .where(and(eq(users.id, userId), eq(users.pinHash, oldHash)));
  } catch (error) {
    deps.logger.warn({ userId, err: error }, "the PIN hash could not be moved to the current key");
  }
}
