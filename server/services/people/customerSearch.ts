import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import type { Database } from "../../db/database";
import { containing } from "../../db/likePattern";
import { offsetOf, pageOf } from "../../db/paging";
import { users, wallets } from "../../db/schema";
import { canTransact } from "./profiles";

/** Customers by name, email, phone or wallet number, so staff can find whom to fund or help. */
export async function searchCustomers(
  db: Database,
  query: { page: number; page_size: number; search?: string | undefined },
) {
  const like = query.search ? containing(query.search) : undefined;
  const where = and(
    eq(users.role, "customer"),
    like
      ? or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          ilike(users.phone, like),
          ilike(wallets.number, like),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(where);
  const rows = await db
    .select({ user: users, wallet: wallets })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(
    query,
    total?.n,
    rows.map(({ user, wallet }) => ({
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      wallet_number: wallet.number,
      balance: wallet.balance,
      is_active: user.isActive,
      can_transact: canTransact(user),
    })),
  );
}
