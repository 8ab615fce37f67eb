import { eq, sql } from "drizzle-orm";
import type { PurchaseKind } from "../../../schemas/transactions";
import type { Database } from "../../db/database";
import { operatorSettings, priceLevels, wallets } from "../../db/schema";
import type { UserRow } from "../../deps";
import { kycLimitsOf, limitOf, spentToday } from "../kyc/tierLimits";
import { discountsOf, type LevelPricing } from "../levels/priceLevels";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { assertMayTransact, assertSalesOpen } from "../purchases/purchaseRules";
import { type RoutingFacts, routingLookup } from "../purchases/routePurchase";

/** What judging a batch's rows reads once for them all: prices, routes, limits and the wallet. */
export interface BulkFacts {
  pricing: LevelPricing;
  routing: RoutingFacts | null;
  dailyLimit: number;
  spentToday: number;
  balance: number;
}

/** The facts for `user`'s rows (or a schedule's runs) of `kind`; refused whole while sales are paused or the account may not buy. */
export async function bulkFactsOf(
  deps: Pick<PurchaseDeps, "db" | "clock" | "providers">,
  user: UserRow,
  kind: PurchaseKind,
): Promise<BulkFacts> {
  await assertSalesOpen(deps.db);
  assertMayTransact(user);
  const db: Database = deps.db;
  const [[read], spent] = await Promise.all([
    db
      .select({
        level: priceLevels,
        settings: operatorSettings,
        balance: wallets.balance,
        routing: routingLookup(kind),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(priceLevels, eq(priceLevels.slug, user.priceLevel))
      .leftJoin(operatorSettings, eq(operatorSettings.id, 1))
      .leftJoin(wallets, eq(wallets.userId, user.id)),
    spentToday(db, deps.clock, user.id),
  ]);
  return {
    pricing: { level: discountsOf(read?.level), configured: (provider) => deps.providers.has(provider) },
    routing: (read?.routing as RoutingFacts | undefined) ?? null,
    dailyLimit: limitOf(kycLimitsOf(read?.settings ?? undefined), user.kycTier).dailyLimit,
    spentToday: spent,
    balance: read?.balance ?? 0,
  };
}
