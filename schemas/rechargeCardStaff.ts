import { z } from "zod/mini";
import { money, onSale } from "./catalogueEditors";
import { staffOffer } from "./catalogueOffers";
import { changeSomething, lossConfirmation } from "./catalogueStaff";
import { integer, kobo } from "./common";
import { formatNaira } from "./money";

/**
 * Recharge cards' editor schema, and what admins send and staff see. The cards themselves (a network's
 * ₦100, ₦200, ₦500, ₦1,000) are fixed by migration 0027: admins set each one's price and switch it on
 * or off; who sells it and at what cost are its offers. A file of its own so that only the console's
 * Recharge cards page downloads it (schemas/routes/rechargeCardAdmin.ts, loaded on its first call).
 */
export const rechargeCardEdit = z.strictObject({
  price: money("Price", "What the customer pays for one card, before their level's discount").check(
    z.minimum(100, { error: "The price must be at least ₦1." }),
  ),
  enabled: onSale("Customers can buy this card"),
});

/** The market sells a card at or below the value printed on it: never above it. Said under the price. */
export const aboveFaceValueWords = (denomination: number) =>
  `A card is not sold above its value: at most ${formatNaira(denomination)}.`;

export const rechargeCardPatch = z
  .extend(z.partial(rechargeCardEdit), lossConfirmation)
  .check(changeSomething(["sell_at_loss"]));

export const staffRechargeCard = z.extend(rechargeCardEdit, {
  id: integer(),
  network_id: integer(),
  network: z.string(),
  denomination: kobo.check(z.meta({ description: "The card's value, in kobo" })),
  has_sales: z.boolean(),
  offers: z.array(staffOffer),
});
export type StaffRechargeCard = z.infer<typeof staffRechargeCard>;
