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
