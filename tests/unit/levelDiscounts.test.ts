import { describe, expect, it } from "vitest";
import { levelServices } from "../../schemas/levelSlugs";
import { discountLines } from "../../src/pages/customer/levelDiscounts";

const none = Object.fromEntries(levelServices.map((service) => [service, 0])) as Record<
  (typeof levelServices)[number],
  number
>;

describe("a level's discounts in words", () => {
  it("names exam PINs beside the other services, largest rate first", () => {
    expect(discountLines({ discounts: { ...none, airtime: 1, tv: 1, exam_pin: 1.5 } })).toEqual([
      "Up to 1.5% off exam PINs",
      "Up to 1% off airtime and cable TV",
    ]);
  });
});
