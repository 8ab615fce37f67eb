import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { dedicatedAccounts } from "../../db/schema";
import type { UserRow } from "../../deps";
import type { PaymentGateway } from "../../outside/gateway";
import { Refusal } from "../../refusal";
import { assertMayTransact } from "../purchases/purchaseRules";

type Deps = {
  db: Database;
  clock: Clock;
  gateway: PaymentGateway;
  logger: Pick<Logger, "warn">;
};

const view = (row: typeof dedicatedAccounts.$inferSelect) => ({
  bank_name: row.bankName,
  account_number: row.accountNumber,
  account_name: row.accountName,
});

/**
 * The customer's own account number: transfers into it fund their wallet (the gateway's webhook
 * says so). Made at the gateway the first time a verified customer asks, then kept; the gateway is
 * asked outside any database transaction, and two first asks at once keep whichever was stored first.
 */
export async function dedicatedAccountFor(deps: Deps, user: UserRow) {
  const stored = async () =>
    (await deps.db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.userId, user.id)))[0];
  const existing = await stored();
  if (existing) return view(existing);
  assertMayTransact(user);

  let opened: Awaited<ReturnType<PaymentGateway["openDedicatedAccount"]>>;
  try {
    opened = await deps.gateway.openDedicatedAccount({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
    });
  } catch (error) {
    deps.logger.warn(
      { user: user.id, err: error instanceof Error ? error.message : String(error) },
      "the gateway did not open a dedicated account",
    );
    throw new Refusal(
      "service_unavailable",
      "We could not get your account number just now. Please try again shortly, or pay by card.",
    );
  }
  await deps.db
    .insert(dedicatedAccounts)
    .values({ userId: user.id, gateway: deps.gateway.name, ...opened, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  const kept = await stored();
  if (!kept) throw new Error("the dedicated account was not stored");
  return view(kept);
}
