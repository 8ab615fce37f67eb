import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { airtimeControlPatch } from "../../../schemas/catalogueStaff";
import { basisPoints } from "../../../schemas/pricing";
import { networks } from "../../db/schema";
import type { Actor } from "../people/actor";
import {
  assertRange,
  changeAudited,
  configuredIn,
  type CatalogueDeps as Deps,
  offersOfProduct,
  oneWithOffers,
  withOffers,
} from "./catalogueChanges";
import { judgePrices, leastCommissionPercent, setsPricing } from "./pricingRule";

// Each catalogue row as staff see it: the editor schema's fields, in the API's units.
const airtimeView = (n: typeof networks.$inferSelect) => ({
  id: n.id,
  network: n.name,
  enabled: n.airtimeEnabled,
  discount_percent: n.airtimeDiscountBp / 100,
  min_amount: n.airtimeMin,
  max_amount: n.airtimeMax,
});

export async function listAirtimeControls(deps: Pick<Deps, "db" | "providers">) {
  const rows = await deps.db.select().from(networks).orderBy(asc(networks.id));
  return withOffers(deps, "airtime", rows.map(airtimeView));
}

export async function patchAirtimeControl(
  deps: Deps,
  actor: Actor,
  patch: z.output<typeof airtimeControlPatch>,
) {
  const view = await changeAudited(
    deps,
    actor,
    { type: "airtime_control", id: patch.id },
    async (tx) => (await tx.select().from(networks).where(eq(networks.id, patch.id)).for("update"))[0],
    airtimeView,
    async (tx, before) => {
      const { sell_at_loss, ...changes } = patch;
      const merged = { ...airtimeView(before), ...changes };
      assertRange(merged.min_amount, merged.max_amount);
      // Judged against the smallest commission of the providers a purchase may go to.
      const commission = leastCommissionPercent(
        await offersOfProduct(tx, "airtime", before.id),
        configuredIn(deps),
      );
      const lossReason =
        setsPricing(changes, ["enabled", "discount_percent"]) && commission !== null
          ? judgePrices(
              [
                {
                  kind: "airtime",
                  name: `${before.name} airtime`,
                  field: "discount_percent",
                  onSale: merged.enabled,
                  discountPercent: merged.discount_percent,
                  commissionPercent: commission,
                },
              ],
              sell_at_loss,
            )
          : null;
      const [after] = await tx
        .update(networks)
        .set({
          airtimeEnabled: merged.enabled,
          airtimeDiscountBp: basisPoints(merged.discount_percent),
          airtimeMin: merged.min_amount,
          airtimeMax: merged.max_amount,
        })
        .where(eq(networks.id, patch.id))
        .returning();
      return { row: after, lossReason };
    },
  );
  return oneWithOffers(deps, "airtime", view);
}
