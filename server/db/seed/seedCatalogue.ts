import type { Database } from "../database";
import { dataPlans, discos, networks, rechargeCards, tvPlans, tvProviders } from "../schema";
import {
  dataPlanSeed,
  discoSeed,
  networkSeed,
  rechargeCardSeed,
  tvPlanSeed,
  tvProviderSeed,
} from "./catalogueData";
import { seedProviderProducts } from "./seedProviderProducts";

/**
 * Writes the starting catalogue on a fresh installation only: once networks exist it does nothing,
 * so a plan staff edited or removed is never put back by a restart.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Several instances may start at once on one Postgres; the unique ids make the loser a no-op.
    const inserted = await tx
      .insert(networks)
      .values(networkSeed)
      .onConflictDoNothing()
      .returning({ id: networks.id });
    if (inserted.length === 0) return;
    await tx.insert(dataPlans).values(dataPlanSeed).onConflictDoNothing();
    await tx.insert(tvProviders).values(tvProviderSeed).onConflictDoNothing();
    await tx.insert(tvPlans).values(tvPlanSeed).onConflictDoNothing();
    await tx.insert(discos).values(discoSeed).onConflictDoNothing();
    await tx.insert(rechargeCards).values(rechargeCardSeed).onConflictDoNothing();
    await seedProviderProducts(tx);
  });
}
