import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { tvPlanPatch } from "../../../schemas/catalogueStaff";
import { tvPlans, tvProviders } from "../../db/schema";
import { notFound } from "../../refusal";
import type { Actor } from "../people/actor";
import {
  auditPlanUpdate,
  codeTaken,
  type CatalogueDeps as Deps,
  hasSales,
  judgePlanChange,
  oneWithOffers,
  planBasics,
  plansOf,
} from "./catalogueChanges";

export const tvPlanView = (p: typeof tvPlans.$inferSelect, sold: boolean) =>
  planBasics(p, p.providerId, sold);

export function listTvPlans(deps: Pick<Deps, "db" | "providers">, providerId: number) {
  return plansOf(deps, "tv", providerId, tvPlans, tvPlans.providerId, tvPlanView);
}

export async function patchTvPlan(
  deps: Deps,
  actor: Actor,
  id: number,
  { sell_at_loss, ...patch }: z.output<typeof tvPlanPatch>,
) {
  const changed = await codeTaken(() =>
    deps.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ plan: tvPlans, sold: hasSales(tvPlans, "tv"), fee: tvProviders.serviceFee })
        .from(tvPlans)
        .innerJoin(tvProviders, eq(tvProviders.id, tvPlans.providerId))
        .where(eq(tvPlans.id, id))
        .for("update", { of: tvPlans });
      if (!found) throw notFound("No bouquet with that id.");
      const before = tvPlanView(found.plan, found.sold);
      const merged = { ...before, ...patch };
      const lossReason = await judgePlanChange(tx, deps, {
        service: "tv",
        id,
        patch,
        merged,
        sellAtLoss: sell_at_loss,
        fee: found.fee,
      });
      const [plan] = await tx
        .update(tvPlans)
        .set({
          code: merged.code,
          name: merged.name,
          price: merged.price,
          enabled: merged.enabled,
        })
        .where(eq(tvPlans.id, id))
        .returning();
      if (!plan) throw notFound("No bouquet with that id.");
      const after = tvPlanView(plan, found.sold);
      await auditPlanUpdate(tx, deps, actor, { type: "tv_plan", id }, { before, after, lossReason });
      return after;
    }),
  );
  return oneWithOffers(deps, "tv", changed);
}
