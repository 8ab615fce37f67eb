/**
 * What a purchase costs, in integer kobo. The server charges by these functions and the wizards show
 * the same numbers before the PIN is asked, so the two cannot disagree.
 */
export interface Quote {
  /** The value bought: the airtime, the plan's price, the bouquet's price, the electricity. */
  amount: number;
  discount: number;
  fee: number;
  /** What leaves the wallet. */
  total: number;
}

/** A percent such as 2.5, as whole basis points (250), so money math stays in integers. */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Airtime is sold below face value; the discount rounds down to the kobo, in the seller's favour never. */
export function airtimeQuote(amount: number, discountPercent: number): Quote {
  const discount = Math.floor((amount * basisPoints(discountPercent)) / 10_000);
  return { amount, discount, fee: 0, total: amount - discount };
}

export function planQuote(price: number): Quote {
  return { amount: price, discount: 0, fee: 0, total: price };
}

/** Cable TV and electricity carry the provider's or disco's service fee on top. */
export function feeQuote(amount: number, fee: number): Quote {
  return { amount, discount: 0, fee, total: amount + fee };
}

/**
 * A price at a price level: the level's extra discount, in basis points, taken off it; the discount
 * rounds down to the kobo, as airtime's does. The catalogue shows customers this price and the
 * purchase charges it, so the two cannot disagree.
 */
export function levelPrice(price: number, levelBp: number): number {
  return price - Math.floor((price * levelBp) / 10_000);
}

/**
 * Electricity: the value bought and the disco's fee, less a level's discount on the value, which
 * never passes the fee: the fee is what we earn on electricity, so a level never sells it below cost.
 */
export function electricityQuote(amount: number, fee: number, discountPercent: number): Quote {
  const discount = Math.min(fee, Math.floor((amount * basisPoints(discountPercent)) / 10_000));
  return { amount, discount, fee, total: amount + fee - discount };
}
