import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { tvProviderPatch } from "../../../schemas/catalogueStaff";
import type { Database } from "../../db/database";
import { tvPlans, tvProviders } from "../../db/schema";
import type { Actor } from "../people/actor";
import { changeAudited, configuredIn, type CatalogueDeps as Deps, planPricing } from "./catalogueChanges";
import { offerRowsOf } from "./catalogueOffers";
import { dearestCost, judgePrices, setsPricing } from "./pricingRule";
import { tvPlanView } from "./tvPlans";

const providerView = (p: typeof tvProviders.$inferSelect) => ({
  id: p.id,
  name: p.name,
  enabled: p.enabled,
  service_fee: p.serviceFee,
});

export async function listTvProviders(db: Database) {
  return (await db.select().from(tvProviders).orderBy(asc(tvProviders.id))).map(providerView);
}

export function patchTvProvider(deps: Deps, actor: Actor, patch: z.output<typeof tvProviderPatch>) {
  return changeAudited(
    deps,
    actor,
    { type: "tv_provider", id: patch.id },
    async (tx) => (await tx.select().from(tvProviders).where(eq(tvProviders.id, patch.id)).for("update"))[0],
    providerView,
    async (tx, before) => {
      const { sell_at_loss, ...changes } = patch;
      const merged = { ...providerView(before), ...changes };
      // The fee is part of every bouquet's price: a lower one is judged against each of them.
      let lossReason: string | null = null;
      if (setsPricing(changes, ["service_fee"])) {
        const bouquets = await tx.select().from(tvPlans).where(eq(tvPlans.providerId, patch.id));
        const offers = await offerRowsOf(
          tx,
          "tv",
          bouquets.map((plan) => plan.id),
        );
        lossReason = judgePrices(
          bouquets.flatMap((plan) =>
            planPricing(
              tvPlanView(plan, false),
              dearestCost(offers.get(plan.id) ?? [], configuredIn(deps)),
              merged.service_fee,
            ).map((item) => ({ ...item, field: "service_fee" })),
          ),
          sell_at_loss,
        );
      }
      const [row] = await tx
        .update(tvProviders)
        .set({ enabled: merged.enabled, serviceFee: merged.service_fee })
        .where(eq(tvProviders.id, patch.id))
        .returning();
      return { row, lossReason };
    },
  );
}
