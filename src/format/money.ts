import currency from "currency.js";

export { formatNaira } from "../../schemas/money";

/** Naira typed by a person ("5,000", "₦1,250.50") → whole kobo, or null when it is not an amount. */
export function parseNaira(text: string): number | null {
  const clean = text.trim().replace(/^₦\s*/, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(clean)) return null;
  const kobo = currency(clean, { separator: ",", decimal: ".", precision: 2, errorOnInvalid: true }).intValue;
  return Number.isSafeInteger(kobo) ? kobo : null;
}
