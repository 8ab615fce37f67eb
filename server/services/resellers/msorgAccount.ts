import { asc, eq } from "drizzle-orm";
import type { z } from "zod/mini";
import type { DataPlanType } from "../../../schemas/catalogue";
import type { msorgAccount, msorgPlan } from "../../../schemas/msorgDialect";
import type { Database } from "../../db/database";
import { networks, priceLevels, wallets } from "../../db/schema";
import { dataPlansAtLevel, examPinsAtLevel } from "../catalogue/catalogueAtLevel";
import { rechargeCardsAtLevel } from "../catalogue/rechargeCardsAtLevel";
import type { LevelPricing } from "../levels/priceLevels";
import type { KeyCaller } from "./apiCallers";
import { epinProducts } from "./msorgExams";
import { nairaText } from "./msorgKind";

/** How the dialect names a plan's type (the vendors' words; our adapter reads them back). */
const planTypeWords: Record<DataPlanType, string> = {
  sme: "SME",
  corporate_gifting: "CORPORATE GIFTING",
  gifting: "GIFTING",
  direct: "DIRECT",
};

/**
 * `GET user/`: the reseller, its wallet in naira, and our data plans on sale at its level, nested by
 * network as the vendors answer them (`Dataplans.MTN_PLAN.ALL[]`; `dataplan_id` is our plan id), and
 * one exam PIN's price by exam name (`Exam`), and the recharge cards on sale with one card's price
 * (`Rechargepin`; `id` is what `rechargepin/` takes as `network_amount`).
 */
export async function msorgAccountOf(
  deps: { db: Database; providers: { has(name: string): boolean } },
  caller: KeyCaller,
): Promise<z.output<typeof msorgAccount>> {
  const { user } = caller;
  const configured: LevelPricing["configured"] = (provider) => deps.providers.has(provider);
  const [[wallet], [level], nets, plans, exams, examPrices, cards] = await Promise.all([
    deps.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.userId, user.id)),
    deps.db.select({ name: priceLevels.name }).from(priceLevels).where(eq(priceLevels.slug, user.priceLevel)),
    deps.db.select().from(networks).where(eq(networks.dataEnabled, true)).orderBy(asc(networks.id)),
    dataPlansAtLevel(deps.db, user.priceLevel, configured),
    epinProducts(deps.db),
    examPinsAtLevel(deps.db, user.priceLevel, configured),
    rechargeCardsAtLevel(deps.db, user.priceLevel, configured),
  ]);
  const Dataplans: Record<string, { ALL: z.output<typeof msorgPlan>[] }> = {};
  for (const network of nets) {
    const label = network.name.toUpperCase();
    Dataplans[`${label}_PLAN`] = {
      ALL: plans
        .filter(({ plan }) => plan.networkId === network.id)
        .map(({ plan, price }) => ({
          id: plan.id,
          dataplan_id: String(plan.id),
          network: network.id,
          plan_type: planTypeWords[plan.planType],
          plan_network: label,
          month_validate: plan.validity,
          plan: plan.size,
          plan_amount: nairaText(price),
        })),
    };
  }
  return {
    user: {
      username: user.email,
      email: user.email,
      phone: user.phone,
      wallet_balance: nairaText(wallet?.balance ?? 0),
      bonus_balance: "0.00",
      user_type: level?.name ?? user.priceLevel,
    },
    Dataplans,
    Exam: examsOnSale(exams, examPrices),
    Rechargepin: cards
      .filter((card) => card.available)
      .map((card) => ({
        id: card.id,
        network: card.network_id,
        plan_network: card.network.toUpperCase(),
        amount: nairaText(card.denomination),
        price: nairaText(card.price),
      })),
  };
}

/** What `epin/` sells, as the vendors list it in `Exam`: an exam switched off is left out. */
function examsOnSale(
  exams: Awaited<ReturnType<typeof epinProducts>>,
  prices: Awaited<ReturnType<typeof examPinsAtLevel>>,
): Record<string, { amount: number }> {
  return Object.fromEntries(
    exams.flatMap(({ name, product }) => {
      const onSale = prices.find((price) => price.id === product.id);
      return onSale ? [[name, { amount: Number(nairaText(onSale.price)) }]] : [];
    }),
  );
}
