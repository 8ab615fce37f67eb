import { describe, expect, it } from "vitest";
import { electricityQuote, levelPrice } from "../../schemas/pricing";
import { airtimeDiscountAtLevel, priceAtLevel } from "../../server/services/levels/priceLevels";

const offer = (provider: string, cost: number | null, commissionBp = 0, enabled = true) => ({
  provider,
  enabled,
  cost,
  commissionBp,
});
const everyone = () => true;

describe("prices at a level", () => {
  it("take the level's discount off a price, rounding the discount down to the kobo", () => {
    expect(levelPrice(100_000, 0)).toBe(100_000);
    expect(levelPrice(100_000, 250)).toBe(97_500);
    expect(levelPrice(29_999, 100)).toBe(29_700); // 1% of ₦299.99 is 299.99 kobo: 299 off
  });

  it("never go below the dearest cost of the offers that may deliver, less a fee paid beside it", () => {
    const offers = [offer("vtpass", 95_000), offer("msorg", 97_000), offer("other", 99_000, 0, false)];
    expect(priceAtLevel(100_000, 200, offers, everyone)).toBe(98_000);
    expect(priceAtLevel(100_000, 500, offers, everyone)).toBe(97_000);
    // Only configured providers' offers bound it.
    expect(priceAtLevel(100_000, 500, offers, (p) => p === "vtpass")).toBe(95_000);
    // A bouquet's fee is paid beside its price.
    expect(priceAtLevel(100_000, 500, offers, everyone, 1_000)).toBe(96_000);
    // Staff sold it below cost on purpose: the level takes nothing more off.
    expect(priceAtLevel(90_000, 500, offers, everyone)).toBe(90_000);
  });

  it("give airtime the level's discount on top of the network's, up to the smallest commission", () => {
    const offers = [offer("vtpass", null, 300), offer("msorg", null, 350)];
    expect(airtimeDiscountAtLevel(200, 0, offers, everyone)).toBe(2);
    expect(airtimeDiscountAtLevel(200, 100, offers, everyone)).toBe(3);
    expect(airtimeDiscountAtLevel(200, 250, offers, everyone)).toBe(3);
    expect(airtimeDiscountAtLevel(200, 250, offers, (p) => p === "msorg")).toBe(3.5);
    // A network already discounted past the commission gets nothing more.
    expect(airtimeDiscountAtLevel(400, 250, offers, everyone)).toBe(4);
  });

  it("take electricity's level discount off the value bought, never more than the fee", () => {
    expect(electricityQuote(200_000, 10_000, 0)).toEqual({
      amount: 200_000,
      discount: 0,
      fee: 10_000,
      total: 210_000,
    });
    expect(electricityQuote(200_000, 10_000, 1)).toEqual({
      amount: 200_000,
      discount: 2_000,
      fee: 10_000,
      total: 208_000,
    });
    expect(electricityQuote(2_000_000, 10_000, 1)).toEqual({
      amount: 2_000_000,
      discount: 10_000,
      fee: 10_000,
      total: 2_000_000,
    });
  });
});
