import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable } from "../../db/database";
import { emergencyMode, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { fieldRefusal, Refusal } from "../../refusal";
import { hashPin, isSlowPinHash, verifyKeyedPin, verifyPin } from "../keyedPinHash";
import { canTransact } from "../profiles";
import { knownGuess, type TryOutcome, type TryRule, tryGuess, waitText } from "../tryCounters";

export const pinRules: TryRule = {
  free: 5,
  blockMs: 30 * 60_000,
  afterBlock: "restart",
  maxBlockMs: 30 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};
const salesPaused = "Purchases are paused for now. Please try again later.";

/** Emergency mode stops every sale and funding, with the admin's words (503). */
export async function assertSalesOpen(db: Queryable): Promise<void> {
  const [mode] = await db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
  assertModeOpen(mode);
}

/** `assertSalesOpen` with the switch's row already read (by a statement that read it with others). */
export function assertModeOpen(mode: typeof emergencyMode.$inferSelect | null | undefined): void {
  if (mode?.enabled) throw new Refusal("sales_paused", mode.message.trim() || salesPaused);
}

/** A customer may move money once verified and not suspended by an admin. */
export function assertMayTransact(user: UserRow): void {
  if (!canTransact(user)) {
    throw new Refusal(
      "account_restricted",
      "Your account cannot make purchases or add money right now. Please contact support.",
    );
  }
}

export const pinTries = (userId: string) => `pin:${userId}`;

/**
 * The transaction PIN, checked before any money is held. Five wrong PINs lock purchases for 30
 * minutes (423); each wrong one says how many tries are left. PINs sent at the same time get the five
 * tries between them, no more: a keyed hash is counted by the statement that lets it in
 * (`knownGuess`), an argon2id one is compared only once `tryGuess` has let it in.
 */
export async function checkPin(
  deps: { db: Database; clock: Clock; config: Pick<Config, "pinKeys">; logger: Pick<Logger, "warn"> },
  user: UserRow,
  pin: string,
): Promise<void> {
  if (!user.pinHash) {
    throw new Refusal("pin_not_set", "Set your transaction PIN first: open Profile and choose Reset Pin.", {
      fields: { pin: ["No PIN is set yet."] },
    });
  }
  const now = deps.clock.now();
  const key = pinTries(user.id);
  const lockedFor = (until: Date) => {
    const wait = waitText(until, now).replace(" ", " more "); // "29 more minutes"
    return new Refusal("locked", `Too many wrong PINs. Purchases are locked for ${wait}.`);
  };
  const pinHash = user.pinHash;
  let stale = false;
  let outcome: TryOutcome;
  if (isSlowPinHash(pinHash)) {
    outcome = await tryGuess(deps.db, deps.clock, key, pinRules, async () => {
      const check = await verifyPin(deps.config.pinKeys, user.id, pinHash, pin);
      stale = check.stale;
      return check.right;
    });
  } else {
    // A keyed hash is checked in microseconds, so the guess is judged first and then let in and
    // counted by one statement, instead of one to let it in and another to count it.
    const check = verifyKeyedPin(deps.config.pinKeys, user.id, pinHash, pin);
    stale = check.stale;
    outcome = await knownGuess(deps.db, deps.clock, key, pinRules, check.right);
  }
  if (outcome.result === "right") {
    if (stale) await upgradePinHash(deps, user.id, pinHash, hashPin(deps.config.pinKeys, user.id, pin));
    return;
  }
  if (outcome.result === "refused") throw lockedFor(outcome.retryAt);
  if (outcome.blockedUntil)
    throw new Refusal("locked", "Too many wrong PINs. Purchases are locked for 30 minutes.");
  const { left } = outcome;
  const msg = `Incorrect PIN. You have ${left} attempt${left === 1 ? "" : "s"} left.`;
  throw fieldRefusal("pin", msg, "wrong_pin");
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
