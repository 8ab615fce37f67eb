import type { users } from "../../db/schema";

type UserColumns = Partial<typeof users.$inferInsert>;

/**
 * The columns a change made through the API touches, from the API's field names; fields left out of
 * the request stay as they are. Shared by a customer's profile edit and an admin's user edit.
 */
export function userChanges(change: {
  first_name?: string | undefined;
  last_name?: string | undefined;
  phone?: string | undefined;
  date_of_birth?: string | null | undefined;
  role?: UserColumns["role"] | undefined;
  is_active?: boolean | undefined;
  can_transact?: boolean | undefined;
  level?: UserColumns["priceLevel"] | undefined;
}): UserColumns {
  const columns: UserColumns = {};
  if (change.first_name !== undefined) columns.firstName = change.first_name;
  if (change.last_name !== undefined) columns.lastName = change.last_name;
  if (change.phone !== undefined) columns.phone = change.phone;
  if (change.date_of_birth !== undefined) columns.dateOfBirth = change.date_of_birth;
  if (change.role !== undefined) columns.role = change.role;
  if (change.is_active !== undefined) columns.isActive = change.is_active;
  if (change.can_transact !== undefined) columns.transactSuspended = !change.can_transact;
  if (change.level !== undefined) columns.priceLevel = change.level;
  return columns;
}
