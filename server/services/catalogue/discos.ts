import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { discoPatch } from "../../../schemas/catalogueStaff";
import { discos } from "../../db/schema";
import type { Actor } from "../people/actor";
import {
  assertRange,
  changeAudited,
  type CatalogueDeps as Deps,
  oneWithOffers,
  withOffers,
} from "./catalogueChanges";
import { judgePrices, setsPricing } from "./pricingRule";

export const discoView = (d: typeof discos.$inferSelect) => ({
  id: d.id,
  name: d.name,
  enabled: d.enabled,
  min_amount: d.minAmount,
  max_amount: d.maxAmount,
  service_fee: d.serviceFee,
});

export async function listDiscos(deps: Pick<Deps, "db" | "providers">) {
  const rows = await deps.db.select().from(discos).orderBy(asc(discos.id));
  return withOffers(deps, "electricity", rows.map(discoView));
}

export async function patchDisco(deps: Deps, actor: Actor, patch: z.output<typeof discoPatch>) {
  const view = await changeAudited(
    deps,
    actor,
    { type: "disco", id: patch.id },
    async (tx) => (await tx.select().from(discos).where(eq(discos.id, patch.id)).for("update"))[0],
    discoView,
    async (tx, before) => {
      const { sell_at_loss, ...changes } = patch;
      const merged = { ...discoView(before), ...changes };
      assertRange(merged.min_amount, merged.max_amount);
      const lossReason = setsPricing(changes, ["service_fee", "enabled"])
        ? judgePrices(
            [
              {
                kind: "face value",
                name: `${before.name} electricity`,
                field: "service_fee",
                onSale: merged.enabled,
                fee: merged.service_fee,
              },
            ],
            sell_at_loss,
          )
        : null;
      const [row] = await tx
        .update(discos)
        .set({
          enabled: merged.enabled,
          minAmount: merged.min_amount,
          maxAmount: merged.max_amount,
          serviceFee: merged.service_fee,
        })
        .where(eq(discos.id, patch.id))
        .returning();
      return { row, lossReason };
    },
  );
  return oneWithOffers(deps, "electricity", view);
}
