import type { CustomerLevel, LevelServiceName } from "../../../schemas/levelUpgrades";

/** Each service as a customer names it, in the order the server lists them. */
const serviceNames: Record<LevelServiceName, string> = {
  airtime: "airtime",
  data_sme: "SME data",
  data_corporate_gifting: "corporate gifting data",
  data_gifting: "gifting data",
  data_direct: "network data plans",
  tv: "cable TV",
  electricity: "electricity",
  exam_pin: "exam PINs",
  recharge_pin: "recharge cards",
};

/** "a, b and c". */
const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

const dataNames = ["SME data", "corporate gifting data", "gifting data", "network data plans"];

/** Every kind of data plan at one rate reads as "data". */
function allDataAsOne(names: string[]): string[] {
  if (!dataNames.every((name) => names.includes(name))) return names;
  const rest = names.filter((name) => !dataNames.includes(name));
  return [...rest.slice(0, 1), "data", ...rest.slice(1)];
}

/**
 * A level's discounts as sentences a customer reads, one per rate, largest first ("Up to 1% off
 * airtime and data"); services without one are left out. "Up to": a discount never takes a
 * price below what the product costs us (docs/decisions.md).
 */
export function discountLines(level: Pick<CustomerLevel, "discounts">): string[] {
  const byRate = new Map<number, string[]>();
  for (const service of Object.keys(serviceNames) as LevelServiceName[]) {
    const rate = level.discounts[service];
    if (rate > 0) byRate.set(rate, [...(byRate.get(rate) ?? []), serviceNames[service]]);
  }
  return [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, names]) => `Up to ${rate}% off ${listed(allDataAsOne(names))}`);
}
