import { eq, sql } from "drizzle-orm";
import type { Profile } from "../../../schemas/auth";
import type { Queryable } from "../../db/database";
import { users, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";

type WalletRow = typeof wallets.$inferSelect;

/** A customer may move money once verified, active and not stopped by an admin. */
/** What staff search a person by: email, names, phone and wallet number. */
export const personFields = [users.email, users.firstName, users.lastName, users.phone, wallets.number];

export function canTransact(user: UserRow): boolean {
  return user.emailVerifiedAt !== null && !user.transactSuspended && user.isActive;
}

/** `canTransact` over the `users` row, for a statement that judges it in the database. */
export const canTransactInSql = () =>
  sql<boolean>`(${users.emailVerifiedAt} is not null and not ${users.transactSuspended} and ${users.isActive})`;

/**
 * Where staff and admin stand with the authenticator: for the caller's own session (`secondFactorAt`
 * given) whether it still has to set one up or type a code; for anyone else, whether one is set up.
 */
function secondFactorOf(user: UserRow, secondFactorAt: Date | null | undefined): Profile["second_factor"] {
  if (user.role === "customer") return "not_needed";
  if (secondFactorAt === undefined) return user.totpEnabledAt ? "done" : "setup";
  if (secondFactorAt) return "done";
  return user.totpEnabledAt ? "code" : "setup";
}

export function toProfile(
  user: UserRow,
  wallet: WalletRow | undefined,
  secondFactorAt?: Date | null,
): Profile {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    can_transact: canTransact(user),
    email_verified: user.emailVerifiedAt !== null,
    has_pin: user.pinHash !== null,
    date_of_birth: user.dateOfBirth,
    date_joined: user.createdAt.toISOString(),
    referral_code: user.referralCode,
    wallet: wallet ? { number: wallet.number, balance: wallet.balance } : null,
    kyc_tier: user.role === "customer" ? user.kycTier : null,
    level: user.role === "customer" ? user.priceLevel : null,
    second_factor: secondFactorOf(user, secondFactorAt),
  };
}

export async function loadProfile(
  db: Queryable,
  user: UserRow,
  secondFactorAt?: Date | null,
): Promise<Profile> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id)).limit(1);
  return toProfile(user, wallet, secondFactorAt);
}
