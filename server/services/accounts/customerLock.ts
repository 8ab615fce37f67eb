import { eq } from "drizzle-orm";
import type { Transaction } from "../../db/database";
import { users } from "../../db/schema";

/**
 * Holds the customer's row until the transaction ends, so counting and adding their saved recipients
 * or schedules (each capped) is one step for parallel requests. `no key update` leaves the row's key free: inserts referencing
 * it (their purchases, their recipients) do not wait on it.
 */
export async function lockCustomer(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}
