import { dataNetworks, examPrices, topupNetworks } from "./msorgCatalogue";
import { dataPlans } from "./msorgDataPlans";
import { rechargeCardPlans } from "./msorgRechargeCards";

/**
 * `GET user/`: the account, its wallet (naira, as text), the data plans, nested by network as the
 * script's vendors answer them (`Dataplans.MTN_PLAN.ALL[]`), and the exam PINs' prices (`Exam`).
 */
export function accountBody(balanceKobo: number): Record<string, unknown> {
  const Dataplans: Record<string, { ALL: unknown[] }> = {};
  for (const [id, network] of Object.entries(dataNetworks)) {
    Dataplans[`${network}_PLAN`] = {
      ALL: dataPlans
        .filter((p) => p.network === Number(id))
        .map((p, i) => ({
          id: p.dataplan_id * 10 + i,
          dataplan_id: String(p.dataplan_id),
          network: p.network,
          plan_type: p.plan_type,
          plan_network: network,
          month_validate: p.month_validate,
          plan: p.plan,
          plan_amount: (p.amountKobo / 100).toFixed(1),
        })),
    };
  }
  return {
    user: {
      username: "ojapay",
      email: "ops@ojapay.example",
      wallet_balance: (balanceKobo / 100).toFixed(2),
      bonus_balance: "0.00",
      user_type: "API",
    },
    Dataplans,
    // One PIN's price by exam, in naira, as the script's vendors list them.
    Exam: Object.fromEntries(
      Object.entries(examPrices).map(([exam, kobo]) => [exam, { amount: kobo / 100 }]),
    ),
    // The cards `rechargepin/` prints: `id` is its `network_amount`.
    Rechargepin: Object.entries(rechargeCardPlans).map(([id, plan]) => ({
      id: Number(id),
      network: plan.network,
      plan_network: topupNetworks[plan.network],
      amount: (plan.amountKobo / 100).toFixed(1),
      price: ((plan.amountKobo * plan.percent) / 10_000).toFixed(2),
    })),
  };
}
