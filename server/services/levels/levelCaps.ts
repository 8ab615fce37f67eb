import { asc, eq } from "drizzle-orm";
import type { LevelCap, PriceLevelInConsole } from "../../../schemas/levels";
import { electricityQuote, levelPrice } from "../../../schemas/pricing";
import type { Queryable } from "../../db/database";
import {
  dataPlans,
  discos,
  examProducts,
  levelPlanPrices,
  networks,
  priceLevels,
  rechargeCards,
  tvPlans,
  tvProviders,
} from "../../db/schema";
import { leastCommissionPercent } from "../catalogue/pricingRule";
import { rechargeCardName } from "../purchases/rechargeCards";
import {
  airtimeDiscountAtLevel,
  dataService,
  discountsOf,
  type LevelDiscounts,
  type LevelPricing,
  levelView,
  offersByProduct,
  priceAtLevel,
} from "./priceLevels";

/**
 * Where a level's discount is not given whole, and how much is: staff read it on the Price levels
 * page. Every number comes from the functions a purchase is priced by (airtimeDiscountAtLevel,
 * priceAtLevel, electricityQuote), with the same offers and configured providers, so the page cannot
 * say a level gets more or less than it is charged.
 */

type Configured = LevelPricing["configured"];

/** The share of `price` taken off to reach `paid`, in percent, rounded down to the hundredth. */
const percentOff = (price: number, paid: number) => Math.floor(((price - paid) * 10_000) / price) / 100;

/** What the caps are judged against: the catalogue and its offers, read once for all levels. */
async function catalogueOnSale(db: Queryable) {
  const [nets, plans, bouquets, providers, companies, fixed, airtime, data, tv, exams, exam, cards, card] =
    await Promise.all([
      db.select().from(networks).orderBy(asc(networks.id)),
      db
        .select()
        .from(dataPlans)
        .where(eq(dataPlans.enabled, true))
        .orderBy(asc(dataPlans.networkId), asc(dataPlans.sortOrder), asc(dataPlans.id)),
      db
        .select()
        .from(tvPlans)
        .where(eq(tvPlans.enabled, true))
        .orderBy(asc(tvPlans.providerId), asc(tvPlans.sortOrder)),
      db.select().from(tvProviders),
      db.select().from(discos).where(eq(discos.enabled, true)).orderBy(asc(discos.id)),
      db.select().from(levelPlanPrices),
      offersByProduct(db, "airtime"),
      offersByProduct(db, "data"),
      offersByProduct(db, "tv"),
      db
        .select()
        .from(examProducts)
        .where(eq(examProducts.enabled, true))
        .orderBy(asc(examProducts.sortOrder), asc(examProducts.id)),
      offersByProduct(db, "exam_pin"),
      db
        .select({ card: rechargeCards, network: networks.name })
        .from(rechargeCards)
        .innerJoin(networks, eq(networks.id, rechargeCards.networkId))
        .where(eq(rechargeCards.enabled, true))
        .orderBy(asc(rechargeCards.networkId), asc(rechargeCards.denomination)),
      offersByProduct(db, "recharge_pin"),
    ]);
  return {
    nets,
    plans,
    bouquets,
    tvProviders: providers,
    companies,
    fixed,
    exams,
    cards,
    offers: { airtime, data, tv, exam, card },
  };
}
type OnSale = Awaited<ReturnType<typeof catalogueOnSale>>;

function capsOf(slug: string, level: LevelDiscounts, sale: OnSale, configured: Configured): LevelCap[] {
  const caps: LevelCap[] = [];
  const cap = (service: LevelCap["service"], product: string, askedBp: number, given: number) =>
    caps.push({ service, product, asked_percent: askedBp / 100, given_percent: given, fee_from: null });

  if (level.airtime > 0)
    for (const net of sale.nets.filter((n) => n.airtimeEnabled)) {
      const offers = sale.offers.airtime.get(net.id) ?? [];
      // No provider that may deliver it: nothing is sold, so nothing is capped.
      if (leastCommissionPercent(offers, configured) === null) continue;
      const total = airtimeDiscountAtLevel(net.airtimeDiscountBp, level.airtime, offers, configured);
      const givenBp = Math.round(total * 100) - net.airtimeDiscountBp;
      if (givenBp < level.airtime) cap("airtime", `${net.name} airtime`, level.airtime, givenBp / 100);
    }

  const networkOf = new Map(sale.nets.map((net) => [net.id, net]));
  const fixedHere = new Set(sale.fixed.filter((row) => row.level === slug).map((row) => row.planId));
  for (const plan of sale.plans) {
    const service = dataService(plan.planType);
    const bp = level[service];
    const network = networkOf.get(plan.networkId);
    // A plan with a fixed price at the level shows its own bound beside that price.
    if (bp === 0 || !network?.dataEnabled || fixedHere.has(plan.id)) continue;
    const paid = priceAtLevel(plan.price, bp, sale.offers.data.get(plan.id) ?? [], configured);
    if (paid > levelPrice(plan.price, bp))
      cap(service, `${network.name} ${plan.name}`, bp, percentOff(plan.price, paid));
  }

  const tvProviderOf = new Map(sale.tvProviders.map((provider) => [provider.id, provider]));
  if (level.tv > 0)
    for (const bouquet of sale.bouquets) {
      const provider = tvProviderOf.get(bouquet.providerId);
      if (!provider?.enabled) continue;
      const offers = sale.offers.tv.get(bouquet.id) ?? [];
      const paid = priceAtLevel(bouquet.price, level.tv, offers, configured, provider.serviceFee);
      if (paid > levelPrice(bouquet.price, level.tv))
        cap("tv", bouquet.name, level.tv, percentOff(bouquet.price, paid));
    }

  // An exam PIN is priced like a bouquet, without a fee: the discount stops at its dearest offer's cost.
  if (level.exam_pin > 0)
    for (const product of sale.exams) {
      const paid = priceAtLevel(
        product.price,
        level.exam_pin,
        sale.offers.exam.get(product.id) ?? [],
        configured,
      );
      if (paid > levelPrice(product.price, level.exam_pin))
        cap("exam_pin", product.name, level.exam_pin, percentOff(product.price, paid));
    }

  // A recharge card likewise: priced per card, stopping at its dearest offer's cost.
  if (level.recharge_pin > 0)
    for (const { card, network } of sale.cards) {
      const offers = sale.offers.card.get(card.id) ?? [];
      const paid = priceAtLevel(card.price, level.recharge_pin, offers, configured);
      if (paid > levelPrice(card.price, level.recharge_pin))
        cap(
          "recharge_pin",
          rechargeCardName(network, card.denomination),
          level.recharge_pin,
          percentOff(card.price, paid),
        );
    }

  if (level.electricity > 0)
    for (const company of sale.companies) {
      // Capped when some amount it sells would be given less than asked: a discount past the fee.
      const passesFee = Math.ceil(((company.serviceFee + 1) * 10_000) / level.electricity);
      if (passesFee > company.maxAmount) continue;
      const largest = electricityQuote(company.maxAmount, company.serviceFee, level.electricity / 100);
      caps.push({
        service: "electricity",
        product: company.name,
        asked_percent: level.electricity / 100,
        given_percent: Math.floor((largest.discount * 10_000) / company.maxAmount) / 100,
        // From this amount the discount is the whole fee, and no more above it.
        fee_from: Math.max(Math.ceil((company.serviceFee * 10_000) / level.electricity), company.minAmount),
      });
    }
  return caps;
}

/** The price levels, lowest first, each with the products on sale where its discount is capped. */
export async function levelsInConsole(db: Queryable, configured: Configured): Promise<PriceLevelInConsole[]> {
  const [rows, sale] = await Promise.all([
    db.select().from(priceLevels).orderBy(asc(priceLevels.position)),
    catalogueOnSale(db),
  ]);
  return rows.map((row) => ({
    ...levelView(row),
    capped: capsOf(row.slug, discountsOf(row), sale, configured),
  }));
}
