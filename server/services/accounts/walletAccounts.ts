import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { wallets } from "../../db/schema";
import { newWalletNumber } from "../../randomIds";

/** Opens a customer's wallet with a fresh 10-digit number. */
export async function openWallet(db: Queryable, clock: Clock, userId: string): Promise<void> {
  // ON CONFLICT rather than catching the error: inside a transaction a failed insert would abort it.
  for (let attempt = 0; attempt < 10; attempt++) {
    const inserted = await db
      .insert(wallets)
      .values({ userId, number: newWalletNumber(), createdAt: clock.now() })
      .onConflictDoNothing({ target: wallets.number })
      .returning({ id: wallets.id });
    if (inserted.length > 0) return;
  }
  throw new Error("could not find a free wallet number");
}
