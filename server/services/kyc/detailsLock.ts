import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { ProfileUpdateBody } from "../../../schemas/auth";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { notFound, Refusal } from "../../refusal";
import { userChanges } from "../people/userChanges";

/** The details an identity check is asked about, by their API names. */
export const fixedFields = ["first_name", "last_name", "date_of_birth"] as const;
type FixedField = (typeof fixedFields)[number];

const columnOf = {
  first_name: users.firstName,
  last_name: users.lastName,
  date_of_birth: users.dateOfBirth,
} as const;

/** The row's fixed details are as the request has them: nothing of them would change. */
function unchangedIn(body: ProfileUpdateBody): SQL {
  const same = fixedFields
    .filter((key) => body[key] !== undefined)
    .map((key) => sql`${columnOf[key]} is not distinct from ${body[key]}`);
  return and(...same) ?? sql`true`;
}

/**
 * A customer's own edit of their profile (PATCH auth/profile/). Names and date of birth are what an
 * identity check compares with the registry, so once the registry has answered a check, or while one
 * is out, they stay as they are: a change then goes to staff as a correction (changeRequests.ts).
 * The rule sits in the UPDATE itself, so a check that starts between reading the row and writing it
 * still wins; the phone changes freely.
 */
export async function applyOwnProfileChange(
  deps: { db: Database; clock: Clock },
  user: UserRow,
  body: ProfileUpdateBody,
): Promise<UserRow> {
  const now = deps.clock.now();
  const open = and(
    sql`${users.identityVerifiedAt} is null`,
    sql`${users.identityLockedAt} is null`,
    or(sql`${users.identityCheckUntil} is null`, sql`${users.identityCheckUntil} <= ${now}`),
  );
  const [updated] = await deps.db
    .update(users)
    .set({ ...userChanges(body), updatedAt: now })
    .where(and(eq(users.id, user.id), or(unchangedIn(body), open)))
    .returning();
  if (updated) return updated;

  const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
  if (!current) throw notFound();
  const changed = fixedFields.filter(
    (key) => body[key] !== undefined && body[key] !== fixedValue(current, key),
  );
  const msg = current.identityVerifiedAt
    ? "Your name and date of birth were checked against your BVN or NIN and cannot be changed here. Contact support."
    : current.identityLockedAt
      ? "Your name and date of birth are fixed since your identity check. Ask for a correction under Wallet and verification; staff will review it."
      : "Your identity is being checked right now. Try again in a minute.";
  throw new Refusal("not_allowed", msg, { fields: Object.fromEntries(changed.map((key) => [key, [msg]])) });
}

function fixedValue(user: UserRow, key: FixedField): string | null {
  if (key === "first_name") return user.firstName;
  if (key === "last_name") return user.lastName;
  return user.dateOfBirth;
}

/** The registry answered: the details it was asked about are fixed from now on. */
export async function lockDetails(db: Queryable, userId: string, now: Date) {
  await db
    .update(users)
    .set({ identityLockedAt: sql`coalesce(${users.identityLockedAt}, ${now})` })
    .where(eq(users.id, userId));
}
