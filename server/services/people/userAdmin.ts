import { and, count, eq, type SQL } from "drizzle-orm";
import type { AdminUserPatch, UserDetail, UserSummary } from "../../../schemas/users";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { containedInAny } from "../../db/likePattern";
import { newestPageOf } from "../../db/paging";
import { users, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { IdentityVerifier } from "../../outside/identityVerifier";
import { fieldRefusal, notFound, Refusal } from "../../refusal";
import { endAllSessions } from "../accounts/sessions";
import { openWallet } from "../accounts/walletAccounts";
import { recordAudit } from "../audit";
import { kycStatusOf } from "../kyc/kycStatus";
import { listTransactions } from "../transactions/transactionRecords";
import { loadProfile, personFields, toProfile } from "./profiles";
import { userChanges } from "./userChanges";

export async function listUsers(
  db: Database,
  query: { page: number; page_size: number; search?: string | undefined; role?: UserRow["role"] | undefined },
): Promise<{ count: number; page: number; page_size: number; results: UserSummary[] }> {
  const filters: SQL[] = [];
  const anyField = containedInAny(query.search, personFields);
  if (anyField) filters.push(anyField);
  if (query.role) filters.push(eq(users.role, query.role));
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(where);
  const rows = db
    .select({ user: users, walletNumber: wallets.number })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(where)
    .$dynamic();
  return newestPageOf(query, total?.n, rows, users, ({ user, walletNumber }) => ({
    ...toProfile(user, undefined),
    is_active: user.isActive,
    wallet_number: walletNumber,
  }));
}

async function findUser(db: Database, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound("No user with that id.");
  return user;
}

export async function userDetail(
  deps: { db: Database; clock: Clock; identity: IdentityVerifier | null },
  id: string,
): Promise<UserDetail> {
  const { db } = deps;
  const user = await findUser(db, id);
  const recent = await listTransactions(db, { userId: id, page: 1, page_size: 10 });
  const kyc =
    user.role === "customer"
      ? { ...(await kycStatusOf(db, deps.clock, user, deps.identity)), tier_reason: user.kycTierReason }
      : null;
  return {
    ...(await loadProfile(db, user)),
    is_active: user.isActive,
    kyc,
    recent_transactions: recent.results,
  };
}

/** What the audit log keeps of a user: the fields an admin can change, never a hash. */
function auditView(user: UserRow) {
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role: user.role,
    is_active: user.isActive,
    can_transact: !user.transactSuspended,
    level: user.priceLevel,
  };
}

export async function patchUser(
  deps: { db: Database; clock: Clock; identity: IdentityVerifier | null },
  actor: UserRow,
  id: string,
  patch: AdminUserPatch,
  ip: string | null,
): Promise<UserDetail> {
  if (id === actor.id && (patch.is_active === false || (patch.role && patch.role !== "admin"))) {
    throw new Refusal("not_allowed", "You cannot deactivate yourself or remove your own admin role.");
  }
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!before) throw notFound("No user with that id.");
    // Staff are invited, not promoted: a customer's account keeps its wallet and history as a customer's.
    if (
      patch.role &&
      patch.role !== before.role &&
      (patch.role === "customer" || before.role === "customer")
    ) {
      const msg =
        "A customer cannot become staff, nor staff a customer. Invite staff from Manage users instead.";
      throw fieldRefusal("role", msg);
    }
    // Staff and admins buy nothing, so a price level is a customer's alone.
    if (patch.level && patch.level !== before.priceLevel && (patch.role ?? before.role) !== "customer")
      throw fieldRefusal("level", "Only customers have a price level.");
    const [after] = await tx
      .update(users)
      .set({ ...userChanges(patch), updatedAt: deps.clock.now() })
      .where(eq(users.id, id))
      .returning();
    if (!after) throw notFound("No user with that id.");
    // A deactivated account, or one whose role changed, starts again from the sign-in page.
    if ((before.isActive && !after.isActive) || before.role !== after.role) {
      await endAllSessions(tx, deps.clock, id);
    }
    if (after.role === "customer") {
      const [wallet] = await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, id));
      if (!wallet) await openWallet(tx, deps.clock, id);
    }
    await recordAudit(tx, deps.clock, {
      actorId: actor.id,
      action: "user.update",
      targetType: "user",
      targetId: id,
      before: auditView(before),
      after: auditView(after),
      ip,
    });
  });
  return userDetail(deps, id);
}
