import { eq } from "drizzle-orm";
import type { LevelUpgradeBody, LevelUpgradeResult } from "../../../schemas/levelUpgrades";
import type { Queryable } from "../../db/database";
import { priceLevels, users, wallets } from "../../db/schema";
import type { AppDeps, UserRow } from "../../deps";
import { fieldRefusal, notFound } from "../../refusal";
import { recordAudit } from "../audit";
import { AlreadyRequested, assertRequestNew, replayRequest, requestHash } from "../idempotency";
import { assertMayTransact, assertSalesOpen, checkPin, insufficientFunds } from "../purchases/purchaseRules";
import { transactionView } from "../transactions/transactionRecords";
import { type PaidFee, payLevelFee } from "./levelFeePayment";

type UpgradeDeps = Pick<AppDeps, "db" | "clock" | "config" | "logger">;

// Answered in the transaction that pays, so a retry is never "in flight" for long.
const upgradeInFlightMs = 5_000;
const scope = "level_upgrade";

type LevelRow = typeof priceLevels.$inferSelect;

/** The level asked for, refused unless it is above the one the customer holds. */
async function targetAbove(db: Queryable, current: UserRow["priceLevel"], wanted: LevelRow["slug"]) {
  const rows = await db.select().from(priceLevels);
  const target = rows.find((row) => row.slug === wanted);
  if (!target) throw notFound("No such price level.");
  const now = rows.find((row) => row.slug === current);
  if (now && target.position <= now.position) {
    const msg =
      target.slug === now.slug
        ? `You are already on the ${now.name} level.`
        : `You are on the ${now.name} level, above ${target.name}: a level can only be upgraded.`;
    throw fieldRefusal("level", msg, "not_allowed");
  }
  return target;
}

/**
 * A customer moves up a price level by paying its whole fee from the wallet, once per request id:
 * the PIN as a purchase checks it, then one database transaction that locks the wallet (their money
 * moves single file), checks the level again under the lock (so parallel upgrades charge once),
 * writes the `level_upgrade` transaction, posts the fee to revenue, sets the level and audits it.
 */
export async function upgradeLevel(
  deps: UpgradeDeps,
  user: UserRow,
  body: LevelUpgradeBody,
  ip: string | null,
): Promise<LevelUpgradeResult> {
  // The PIN is left out: a retry with the PIN corrected is the same request.
  const hash = requestHash(scope, { level: body.level });
  const replay = async () => {
    const row = await replayRequest(deps, user.id, body.request_id, hash, upgradeInFlightMs);
    return row && { level: body.level, transaction: transactionView(row) };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  await assertSalesOpen(deps.db);
  assertMayTransact(user);
  await targetAbove(deps.db, user.priceLevel, body.level);
  await checkPin(deps, user, body.pin);

  try {
    const paid = await deps.db.transaction(async (tx) => {
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, user.id)).for("update");
      if (!wallet) throw notFound("You have no wallet.");
      await assertRequestNew(tx, user.id, body.request_id);
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).for("update");
      if (!fresh) throw notFound("No such account.");
      const target = await targetAbove(tx, fresh.priceLevel, body.level);
      if (wallet.balance < target.upgradeFee) throw insufficientFunds(target.upgradeFee, wallet.balance);
      const fee: PaidFee = { wallet, level: target, requestId: body.request_id, hash, scope };
      const txn = await payLevelFee(tx, deps.clock, fresh, fee);
      await recordAudit(tx, deps.clock, {
        actorId: user.id,
        action: "level.upgrade",
        targetType: "user",
        targetId: user.id,
        before: { level: fresh.priceLevel, balance: wallet.balance },
        after: { level: target.slug, balance: wallet.balance - target.upgradeFee, reference: txn.reference },
        ip,
      });
      return txn;
    });
    return { level: body.level, transaction: transactionView(paid) };
  } catch (error) {
    if (!(error instanceof AlreadyRequested)) throw error;
    const first = await replay();
    if (!first) throw error;
    return first;
  }
}
