import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { aboveFaceValueWords, type rechargeCardPatch } from "../../../schemas/rechargeCardStaff";
import type { Queryable } from "../../db/database";
import { networks, rechargeCards, transactions } from "../../db/schema";
import { fieldRefusal, notFound } from "../../refusal";
import type { Actor } from "../people/actor";
import { rechargeCardName } from "../purchases/rechargeCards";
import {
  auditPlanUpdate,
  type CatalogueDeps as Deps,
  judgePlanChange,
  oneWithOffers,
  withOffers,
} from "./catalogueChanges";

/**
 * Recharge cards as admins keep them (staff read them): each network's cards, fixed by migration 0027,
 * priced and switched on or off, each write audited in its transaction and judged by the pricing rule
 * like an exam PIN, against the dearest of its offers. A card is never sold above its value.
 */

type Row = typeof rechargeCards.$inferSelect;

// A purchase's order names its card by id (kinds/rechargePin.ts).
const sold = sql<boolean>`exists (select 1 from ${transactions} where ${transactions.kind} = 'recharge_pin' and ${transactions.order}->>'productId' = (${rechargeCards}."id")::text)`;

const cardView = (card: Row, network: string, hasSales: boolean) => ({
  id: card.id,
  network_id: card.networkId,
  network,
  denomination: card.denomination,
  price: card.price,
  enabled: card.enabled,
  has_sales: hasSales,
});
type View = ReturnType<typeof cardView>;

const withSales = (db: Queryable) =>
  db
    .select({ card: rechargeCards, network: networks.name, sold })
    .from(rechargeCards)
    .innerJoin(networks, eq(networks.id, rechargeCards.networkId));

export async function listRechargeCards(deps: Pick<Deps, "db" | "providers">) {
  const rows = await withSales(deps.db).orderBy(
    asc(rechargeCards.networkId),
    asc(rechargeCards.denomination),
  );
  return withOffers(
    deps,
    "recharge_pin",
    rows.map((r) => cardView(r.card, r.network, r.sold)),
  );
}

/** Locked while it changes: two admins changing the price and the switch of one card keep both. */
export async function patchRechargeCard(
  deps: Deps,
  actor: Actor,
  id: number,
  { sell_at_loss, ...patch }: z.output<typeof rechargeCardPatch>,
) {
  const changed = await deps.db.transaction(async (tx): Promise<View> => {
    const [found] = await withSales(tx).where(eq(rechargeCards.id, id)).for("update", { of: rechargeCards });
    if (!found) throw notFound("No recharge card with that id.");
    const before = cardView(found.card, found.network, found.sold);
    const merged = { ...before, ...patch };
    if (merged.price > merged.denomination)
      throw fieldRefusal("price", aboveFaceValueWords(merged.denomination));
    const lossReason = await judgePlanChange(tx, deps, {
      service: "recharge_pin",
      id,
      patch,
      merged: { ...merged, name: rechargeCardName(found.network, found.card.denomination) },
      sellAtLoss: sell_at_loss,
    });
    const [row] = await tx
      .update(rechargeCards)
      .set({ price: merged.price, enabled: merged.enabled })
      .where(eq(rechargeCards.id, id))
      .returning();
    if (!row) throw notFound("No recharge card with that id.");
    const after = cardView(row, found.network, found.sold);
    await auditPlanUpdate(tx, deps, actor, { type: "recharge_card", id }, { before, after, lossReason });
    return after;
  });
  return oneWithOffers(deps, "recharge_pin", changed);
}
