import type { BulkRowOutcome } from "../../../../schemas/bulk";
import { formatNaira } from "../../../format/money";

/**
 * What a row buys, as the table shows it beside the number's own column: the server's description
 * without the trailing "for <number>", and for airtime its value (the price may be less, after the
 * discount).
 */
export function whatItBuys(description: string, phone: string, value?: string): string {
  const suffix = ` for ${phone}`;
  const what = description.endsWith(suffix) ? description.slice(0, -suffix.length) : description;
  return value ? `${what}, ${value}` : what;
}

/** What a batch's row bought, as its results table and CSV say it. */
export const rowBought = (row: Pick<BulkRowOutcome, "description" | "phone" | "amount">) =>
  whatItBuys(row.description, row.phone, row.amount === null ? undefined : formatNaira(row.amount));
