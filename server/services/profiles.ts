import { eq } from "drizzle-orm";
import type { Profile } from "../../schemas/auth";
import type { Queryable } from "../db/database";
import { wallets } from "../db/schema";
import type { UserRow } from "../deps";

type WalletRow = typeof wallets.$inferSelect;

export function canTransact(user: UserRow): boolean {
  return user.emailVerifiedAt !== null && !user.transactSuspended && user.isActive;
}

export function toProfile(user: UserRow, wallet: WalletRow | undefined): Profile {
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
  };
}

export async function loadProfile(db: Queryable, user: UserRow): Promise<Profile> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, user.id)).limit(1);
  return toProfile(user, wallet);
}
