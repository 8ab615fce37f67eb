import { and, count, eq } from "drizzle-orm";
import type { Database } from "../../db/database";
import { containedInAny } from "../../db/likePattern";
import { newestPageOf } from "../../db/paging";
import { users, wallets } from "../../db/schema";
import { canTransact, personFields } from "./profiles";

/** Customers by name, email, phone or wallet number, so staff can find whom to fund or help. */
export async function searchCustomers(
  db: Database,
  query: { page: number; page_size: number; search?: string | undefined },
) {
  const where = and(eq(users.role, "customer"), containedInAny(query.search, personFields));
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(where);
  const rows = db
    .select({ user: users, wallet: wallets })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(where)
    .$dynamic();
  return newestPageOf(query, total?.n, rows, users, ({ user, wallet }) => ({
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    wallet_number: wallet.number,
    balance: wallet.balance,
    is_active: user.isActive,
    can_transact: canTransact(user),
  }));
}
