import type { SellAtLoss } from "../../../schemas/catalogueStaff";
import { formatNaira } from "../../../schemas/money";
import { basisPoints } from "../../../schemas/pricing";
import { Refusal } from "../../refusal";

/**
 * One thing staff price, as a sale of it would stand after their change. `field` is the body's field
 * that sets its price, named in the refusal so the console puts the words under it.
 *
 * - `fixed`: a data plan or a bouquet; the customer pays its price and any service fee, the provider
 *   charges its cost.
 * - `airtime`: sold below face value by the discount; the provider charges face value less our
 *   commission.
 * - `face value`: electricity; the provider charges what the customer buys, the fee is ours.
 */
export type PricedItem = { name: string; field: string; onSale: boolean } & (
  | { kind: "fixed"; price: number; fee: number; cost: number }
  | { kind: "airtime"; discountPercent: number; commissionPercent: number }
  | { kind: "face value"; fee: number }
);

const percent = (bp: number) => `${bp / 100}%`;

/** How one sale falls below cost, in words, or null when it covers its cost. */
function shortfall(item: PricedItem): string | null {
  switch (item.kind) {
    case "fixed": {
      const loss = item.cost - (item.price + item.fee);
      if (loss <= 0) return null;
      const fee = item.fee > 0 ? ` with the ${formatNaira(item.fee)} service fee` : "";
      return `At ${formatNaira(item.price)}${fee}, ${item.name} sells ${formatNaira(loss)} below its cost of ${formatNaira(item.cost)}.`;
    }
    case "airtime": {
      const discount = basisPoints(item.discountPercent);
      const commission = basisPoints(item.commissionPercent);
      if (discount <= commission) return null;
      return `A ${percent(discount)} discount with our ${percent(commission)} commission sells ${item.name} ${percent(discount - commission)} below its cost.`;
    }
    case "face value":
      // The schema keeps fees at zero or more, so this is the rule written out rather than a case
      // anyone reaches: a negative fee is the only way electricity could sell below cost.
      return item.fee < 0 ? `A ${formatNaira(item.fee)} fee sells ${item.name} below its cost.` : null;
  }
}

const confirmHow = "Raise the price, or confirm selling at a loss with a reason.";

/**
 * The pricing rule, the one place it lives: nothing staff price may go on sale below what it costs
 * us, unless they confirm the loss with a reason. Items off sale sell nothing and are not judged.
 * Refuses with `below_cost` (fields naming each price) when something would, and nothing confirms it;
 * answers the confirmed reason, for the audit, when something does; null when nothing sells at a loss.
 */
export function judgePrices(
  items: readonly PricedItem[],
  confirmation: SellAtLoss | undefined,
): string | null {
  const losses = items.flatMap((item) => {
    const words = item.onSale ? shortfall(item) : null;
    return words ? [{ field: item.field, words }] : [];
  });
  if (losses.length === 0) return null;
  if (confirmation) return confirmation.reason;
  const fields: Record<string, string[]> = {};
  for (const { field, words } of losses) {
    const others = losses.filter((loss) => loss.field === field).length - 1;
    fields[field] ??= [others > 0 ? `${words} ${others} more sell below cost too.` : words];
  }
  const first = losses[0]?.words ?? "";
  const more = losses.length > 1 ? ` ${losses.length - 1} more sell below cost too.` : "";
  throw new Refusal("below_cost", `${first}${more} ${confirmHow}`, { fields });
}

/**
 * Whether a write sets anything the rule depends on (a price, a cost, a fee, a discount, a switch):
 * a write that only renames something or changes its limits is not a pricing decision, so an item
 * already confirmed at a loss is not asked about again for it.
 */
export function setsPricing(changes: object, inputs: readonly string[]): boolean {
  return inputs.some((key) => key in changes);
}

/** What the rule needs of a product's offer: whose it is, whether it is on, and its terms. */
export interface OfferTerms {
  provider: string;
  enabled: boolean;
  cost: number | null;
  commissionBp: number;
}

/** The offers a purchase may go to: switched on, at a provider `PROVIDERS` lists. */
const selling = (offers: readonly OfferTerms[], configured: (provider: string) => boolean) =>
  offers.filter((offer) => offer.enabled && configured(offer.provider));

/**
 * The cost a plan or bouquet is judged against: the highest among the offers a purchase may go to.
 * Routing picks the provider per purchase (order, health, failover), so the price must cover
 * whichever delivers; judging the cheapest would let a failover sell at a loss (docs/decisions.md).
 * Null when no offer would sell it: then nothing sells, and nothing is judged.
 */
export function dearestCost(
  offers: readonly OfferTerms[],
  configured: (provider: string) => boolean,
): number | null {
  const costs = selling(offers, configured).map((offer) => offer.cost ?? 0);
  return costs.length > 0 ? Math.max(...costs) : null;
}

/** Airtime's counterpart: the smallest commission among the offers a purchase may go to, in percent. */
export function leastCommissionPercent(
  offers: readonly OfferTerms[],
  configured: (provider: string) => boolean,
): number | null {
  const bps = selling(offers, configured).map((offer) => offer.commissionBp);
  return bps.length > 0 ? Math.min(...bps) / 100 : null;
}
