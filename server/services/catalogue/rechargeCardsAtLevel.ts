import { asc, eq } from "drizzle-orm";
import type { RechargeCard } from "../../../schemas/catalogue";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { Queryable } from "../../db/database";
import { networks, rechargeCards } from "../../db/schema";
import { type LevelPricing, levelDiscounts, offersByProduct, priceAtLevel } from "../levels/priceLevels";

/**
 * Every network's recharge cards, one card's price at `level` as the purchase charges it
 * (kinds/rechargePin.ts), and whether it can be bought now: switched on, and sold by a configured
 * provider's offer (a card nobody sells is listed, so the wizard can say so, not left out).
 */
export async function rechargeCardsAtLevel(
  db: Queryable,
  level: LevelSlug,
  configured: LevelPricing["configured"],
): Promise<RechargeCard[]> {
  const [discounts, offers, rows] = await Promise.all([
    levelDiscounts(db, level),
    offersByProduct(db, "recharge_pin"),
    db
      .select({ card: rechargeCards, network: networks.name })
      .from(rechargeCards)
      .innerJoin(networks, eq(networks.id, rechargeCards.networkId))
      .orderBy(asc(rechargeCards.networkId), asc(rechargeCards.denomination)),
  ]);
  return rows.map(({ card, network }) => {
    const sellers = offers.get(card.id) ?? [];
    return {
      id: card.id,
      network_id: card.networkId,
      network,
      denomination: card.denomination,
      price: priceAtLevel(card.price, discounts.recharge_pin, sellers, configured),
      available: card.enabled && sellers.some((offer) => configured(offer.provider)),
    };
  });
}
