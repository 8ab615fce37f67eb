/**
 * The recharge cards `rechargepin/` prints, by the `network_amount` id `user/`'s `Rechargepin` lists:
 * each network's ₦100, ₦200, ₦500 and ₦1,000 (networks numbered as `topup/` numbers them), charged at
 * `percent` of the card's value. MTN's and AIRTEL's answers carry `load_pin` (the code's start);
 * GLO's and 9MOBILE's do not, as some vendors' plans leave it empty.
 */
export interface RechargeCardPlan {
  network: number;
  amountKobo: number;
  percent: number;
  loadPin: string | null;
}
const cardValues = [100_00, 200_00, 500_00, 1_000_00];
const cardTerms: Record<number, { percent: number; loadPin: string | null }> = {
  1: { percent: 97, loadPin: "*311*" },
  2: { percent: 96, loadPin: null },
  3: { percent: 96, loadPin: null },
  4: { percent: 97, loadPin: "*311*" },
};
export const rechargeCardPlans: Record<number, RechargeCardPlan> = Object.fromEntries(
  Object.entries(cardTerms).flatMap(([network, terms]) =>
    cardValues.map((amountKobo, index) => [
      (Number(network) - 1) * cardValues.length + index + 1,
      { network: Number(network), amountKobo, ...terms },
    ]),
  ),
);

/** The most cards one `rechargepin/` purchase prints. */
export const maxRechargeQuantity = 100;
