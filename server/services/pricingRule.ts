import type { SellAtLoss } from "../../schemas/catalogueStaff";
import { formatNaira } from "../../schemas/money";
import { basisPoints } from "../../schemas/pricing";
import { Refusal } from "../refusal";

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
