import { desc, inArray } from "drizzle-orm";
import type { CheckSummary, ReviewedAccount } from "../../../schemas/kycReview";
import type { Queryable } from "../../db/database";
import { identityChecks, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { notFound } from "../../refusal";

type CheckRow = typeof identityChecks.$inferSelect;

/** A customer as staff see them in a review: everything needed to tell two people apart. */
export function reviewedAccountOf(user: UserRow): ReviewedAccount {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    date_of_birth: user.dateOfBirth,
    phone: user.phone,
    email: user.email,
    tier: user.kycTier,
    tier_source: user.kycTierSource,
    id_type: user.identityType,
    id_last4: user.identityLast4,
    verified_at: user.identityVerifiedAt?.toISOString() ?? null,
    joined_at: user.createdAt.toISOString(),
  };
}

export const checkSummaryOf = (row: CheckRow): CheckSummary => ({
  id_type: row.idType,
  id_last4: row.last4,
  outcome: row.outcome,
  checked_at: row.createdAt.toISOString(),
});

export const reviewerOf = (user: UserRow | undefined) =>
  user ? { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() } : null;

/** The users a page of reviews names (customers and the staff who decided), in one read. */
export async function usersById(db: Queryable, ids: Array<string | null>): Promise<Map<string, UserRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every answered check of these customers, newest first, grouped by customer. */
export async function checksOf(db: Queryable, userIds: string[]): Promise<Map<string, CheckRow[]>> {
  const grouped = new Map<string, CheckRow[]>();
  if (userIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(identityChecks)
    .where(inArray(identityChecks.userId, [...new Set(userIds)]))
    .orderBy(desc(identityChecks.createdAt));
  for (const row of rows) grouped.set(row.userId, [...(grouped.get(row.userId) ?? []), row]);
  return grouped;
}

export function found(map: Map<string, UserRow>, id: string): UserRow {
  const user = map.get(id);
  if (!user) throw notFound("No user with that id.");
  return user;
}
