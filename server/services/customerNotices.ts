import type { Clock } from "../clock";
import type { Transaction } from "../db/database";
import { notifications } from "../db/schema";

/** A notice in one customer's inbox, written with the change it tells them of. */
export async function noticeToCustomer(
  tx: Transaction,
  clock: Clock,
  userId: string,
  notice: { title: string; body: string },
): Promise<void> {
  await tx.insert(notifications).values({ ...notice, userId, createdAt: clock.now() });
}
