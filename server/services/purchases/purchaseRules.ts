import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { emergencyMode, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { ApiError, badRequest, forbidden, locked, unavailable } from "../../http/errors";
import { canTransact } from "../profiles";
import { verifySecret } from "../secrets";

export const pinRules = { maxFailures: 5, lockMs: 30 * 60_000 } as const;
const salesPaused = "Purchases are paused for now. Please try again later.";

/** Emergency mode stops every sale and funding, with the admin's words (503). */
export async function assertSalesOpen(db: Queryable): Promise<void> {
  const [mode] = await db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
  if (mode?.enabled) throw unavailable(mode.message.trim() || salesPaused);
}

/** A customer may move money once verified and not suspended by an admin. */
export function assertMayTransact(user: UserRow): void {
  if (!canTransact(user)) {
    throw forbidden("Your account cannot make purchases or add money right now. Please contact support.");
  }
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * The transaction PIN, checked before any money is held. Five wrong PINs lock purchases for 30
 * minutes (423); each wrong one says how many tries are left. Counted in one statement, so wrong PINs
 * sent at the same time are all counted.
 */
export async function checkPin(
  deps: { db: Database; clock: Clock },
  user: UserRow,
  pin: string,
): Promise<void> {
  if (!user.pinHash) {
    throw badRequest("Set your transaction PIN first: open Profile and choose Reset Pin.", {
      pin: ["No PIN is set yet."],
    });
  }
  const now = deps.clock.now();
  if (user.pinLockedUntil && user.pinLockedUntil > now) {
    const left = minutes(user.pinLockedUntil.getTime() - now.getTime());
    throw locked(
      `Too many wrong PINs. Purchases are locked for ${left} more minute${left === 1 ? "" : "s"}.`,
    );
  }
  if (await verifySecret(user.pinHash, pin)) {
    if (user.failedPins > 0) await deps.db.update(users).set({ failedPins: 0 }).where(eq(users.id, user.id));
    return;
  }
  const lockUntil = new Date(now.getTime() + pinRules.lockMs);
  const [after] = await deps.db
    .update(users)
    .set({
      failedPins: sql`case when ${users.failedPins} + 1 >= ${pinRules.maxFailures} then 0 else ${users.failedPins} + 1 end`,
      pinLockedUntil: sql`case when ${users.failedPins} + 1 >= ${pinRules.maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${users.pinLockedUntil} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ failedPins: users.failedPins, lockedUntil: users.pinLockedUntil });
  if (after?.lockedUntil && after.lockedUntil > now) {
    throw locked("Too many wrong PINs. Purchases are locked for 30 minutes.");
  }
  const left = pinRules.maxFailures - (after?.failedPins ?? 0);
  const msg = `Incorrect PIN. You have ${left} attempt${left === 1 ? "" : "s"} left.`;
  throw new ApiError(400, msg, null, { pin: [msg] });
}
