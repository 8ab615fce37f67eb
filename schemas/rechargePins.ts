import { z } from "zod/mini";
import { networkId } from "./catalogue";
import { integer } from "./common";
import { confirmation } from "./purchases";

// The recharge-card wizard's bodies, in a file of their own: the other wizards' pages never download
// them (the contracts load with the recharge-card wizard's first call, like exam PINs').

/** The card values on sale, in kobo: ₦100, ₦200, ₦500 and ₦1,000, as the networks print them. */
export const rechargeDenominations = [10_000, 20_000, 50_000, 100_000] as const;
export type RechargeDenomination = (typeof rechargeDenominations)[number];
const denominationMessage = "Choose ₦100, ₦200, ₦500 or ₦1,000.";
export const rechargeDenomination = z
  .literal(rechargeDenominations, { error: denominationMessage })
  .check(z.meta({ title: "Card value", description: "In kobo: 10000, 20000, 50000 or 100000" }));

/** The most cards of one value bought at once: a sheet or a few for a shop's day. */
export const maxRechargeCards = 100;

/**
 * The business name printed on each card. Printable ASCII only: the vendor prints it as it comes,
 * and a printer's fonts and the networks' systems cannot be trusted with more (docs/decisions.md).
 */
export const nameOnCardRule = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(30, { error: message }),
      z.regex(/^[\x20-\x7E]+$/, { error: message }),
      z.meta({ title: "Name on the cards", description: "Your business name, printed on each card" }),
    );
export const nameOnCard = nameOnCardRule("Use 1 to 30 letters, digits, spaces or punctuation.");

export const rechargePinPurchaseBody = z.strictObject({
  network_id: networkId,
  denomination: rechargeDenomination,
  quantity: integer().check(
    z.minimum(1, { error: `Buy 1 to ${maxRechargeCards} cards.` }),
    z.maximum(maxRechargeCards, { error: `Buy 1 to ${maxRechargeCards} cards.` }),
    z.meta({ title: "How many cards" }),
  ),
  name_on_card: nameOnCard,
  ...confirmation,
});
export type RechargePinPurchaseBody = z.infer<typeof rechargePinPurchaseBody>;
