import { describe, expect, it } from "vitest";
import { rechargeCardsOf } from "../../server/outside/msorg/msorgRechargeCards";
import { msorgRechargeTriggers } from "../../server/outside/msorg/simulator/msorgSimulator";
import type { ProviderOrder } from "../../server/outside/provider";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { msorgOnLoopback, referenceOf, vouchersOf } from "./support/msorgOnLoopback";
import { TestClock } from "./support/testClock";

/**
 * Recharge cards at the SME-data vendor (`rechargepin/`), the adapter against the simulator over real
 * HTTP: each card's PIN, serial and load code, each test quantity's outcome, the requery by id and by
 * the list, the cards in `user/`, no PIN in any note; and how the answers' card fields are read.
 */
const clock = new TestClock(new Date("2026-11-27T09:00:00.000Z"));
const vendor = msorgOnLoopback(clock);
const { adapter, within, sent, keptCards, expectNoPinIn } = vendor;

/** Cards of the vendor's `network_amount` id (1 MTN ₦100 … 16 AIRTEL ₦1,000), as the kind orders them. */
const cards = (
  quantity: number,
  networkAmount = "2",
  network = "1",
  nameOnCard = "Ade Stores",
): ProviderOrder => ({
  service: "recharge_pin",
  serviceId: network,
  variationCode: networkAmount,
  productId: Number(networkAmount),
  networkId: Number(network),
  network: "MTN",
  denomination: 20_000,
  quantity,
  nameOnCard,
  amount: 19_400 * quantity,
});

describe("buying recharge cards", () => {
  it("posts network, network_amount, quantity and name_on_card, and reads each card with the vendor's load code", async () => {
    const before = vendor.control.balance();
    const result = await adapter().buy("ours", cards(3), within());
    expect(vendor.control.requests.at(-1)).toEqual({
      method: "POST",
      path: "/api/rechargepin/",
      body: { network: 1, network_amount: 2, quantity: 3, name_on_card: "Ade Stores" },
    });
    expect(result).toMatchObject({ status: "successful", providerReference: expect.stringMatching(/^\d+$/) });
    expect(vouchersOf(result)).toEqual(
      keptCards().map((card) => ({ ...card, load_code: `*311*${card.pin}#` })),
    );
    expect(vendor.control.balance()).toBe(before - 3 * 19_400);
    expectNoPinIn(result);
  });

  it("leaves the load code to the network where the vendor gives none (GLO), and reads them again by id", async () => {
    const order = cards(2, "5", "2");
    const provider = adapter();
    const bought = await provider.buy("ours", order, within());
    expect(vouchersOf(bought)).toEqual(keptCards());
    const again = await provider.requery(sent(order, referenceOf(bought)), within());
    expect(vouchersOf(again)).toEqual(vouchersOf(bought));
    expect(vendor.control.requests.at(-1)?.path).toBe(`/api/rechargepin/${referenceOf(bought)}/`);
  });

  it("fails quantity 96 with the vendor's failed record, safe to fail over", async () => {
    const result = await adapter().buy("ours", cards(msorgRechargeTriggers.failed), within());
    expect(result).toMatchObject({ status: "failed", safeToFailOver: true });
  });

  it("keeps quantity 97 pending without cards until the second requery delivers them", async () => {
    const order = cards(msorgRechargeTriggers.processingThenSuccessful);
    const provider = adapter();
    const bought = await provider.buy("ours", order, within());
    expect(bought.status).toBe("pending");
    expect(vouchersOf(bought)).toBeUndefined();
    expect((await provider.requery(sent(order, referenceOf(bought)), within())).status).toBe("pending");
    expect(vouchersOf(await provider.requery(sent(order, referenceOf(bought)), within()))).toHaveLength(97);
  });

  it("answers quantity 99's record short of a card with the cards it carries, and says so", async () => {
    const result = await adapter().buy("ours", cards(msorgRechargeTriggers.shortOfCards), within());
    expect(result).toMatchObject({ status: "successful", note: expect.stringContaining("98 of 99 PINs") });
    expect(vouchersOf(result)).toHaveLength(98);
  });

  it("refuses a card of another network before any record: failed, safe to fail over", async () => {
    const records = vendor.control.records().length;
    const result = await adapter().buy("ours", cards(1, "5", "1"), within());
    expect(result).toMatchObject({ status: "failed", safeToFailOver: true });
    expect(vendor.control.records()).toHaveLength(records);
  });
});

describe("a recharge card purchase whose answer was lost", () => {
  it("is found in the list by card, quantity and name, with its cards", async () => {
    clock.advance(10 * 60_000);
    const order = cards(4, "3", "1", "Bisi Ventures");
    const sentAt = clock.now();
    vendor.control.script("Bisi Ventures", { kind: "no-answer" });
    await expect(adapter().buy("ours", order, within())).rejects.toThrow();
    const found = await adapter().requery(sent(order, null, sentAt), within());
    expect(found).toMatchObject({
      status: "successful",
      providerReference: String(vendor.control.records().at(-1)?.id),
    });
    expect(vouchersOf(found)).toHaveLength(4);
    expect(vendor.control.requests.at(-1)?.path).toBe("/api/rechargepin/");
  });

  it("is not mistaken for another name on the same cards", async () => {
    clock.advance(10 * 60_000);
    const sentAt = clock.now();
    await adapter().buy("ours", cards(2, "3", "1", "Chidi Phones"), within());
    expect(
      await adapter().requery(sent(cards(2, "3", "1", "Other Shop"), null, sentAt), within()),
    ).toMatchObject({
      status: "pending",
      unknownRequest: true,
    });
  });
});

describe("the vendor account", () => {
  it("lists each card's network_amount id, value and price in user/'s Rechargepin", async () => {
    const response = await fetch(`${vendor.base}user/`, {
      headers: { authorization: `Token ${simulatorKeys.msorg.token}` },
    });
    const listed = (await response.json()).Rechargepin;
    expect(listed).toHaveLength(16);
    expect(listed[1]).toEqual({ id: 2, network: 1, plan_network: "MTN", amount: "200.0", price: "194.00" });
  });
});

describe("reading a record's cards", () => {
  it("pairs comma-separated PINs and serials, and writes the vendor's load_pin whole", () => {
    expect(
      rechargeCardsOf({ pin: "1111222233334444,5555666677778888", serial: "S1,S2", load_pin: "*311*" }),
    ).toEqual([
      { pin: "1111222233334444", serial: "S1", load_code: "*311*1111222233334444#" },
      { pin: "5555666677778888", serial: "S2", load_code: "*311*5555666677778888#" },
    ]);
  });

  it("takes a pattern naming PIN, a code already holding the PIN, and one load code a card", () => {
    expect(rechargeCardsOf({ pin: "1111222233334444", load_pin: "*555*PIN#" })[0]?.load_code).toBe(
      "*555*1111222233334444#",
    );
    expect(
      rechargeCardsOf({
        pin: "1111222233334444,5555666677778888",
        load_pin: "*311*1111222233334444#,*311*5555666677778888#",
      }),
    ).toMatchObject([{ load_code: "*311*1111222233334444#" }, { load_code: "*311*5555666677778888#" }]);
  });

  it("reads Django's rows with their own serial and load_pin, and ignores a load_pin it cannot dial", () => {
    expect(
      rechargeCardsOf({
        data_pin: [{ fields: { pin: "1111222233334444", serial: "SN1", load_pin: "*311*" } }],
      }),
    ).toEqual([{ pin: "1111222233334444", serial: "SN1", load_code: "*311*1111222233334444#" }]);
    expect(rechargeCardsOf({ pin: "1111222233334444", load_pin: "dial the code" })).toEqual([
      { pin: "1111222233334444", serial: null },
    ]);
  });

  it("leaves serials out when their count does not match the cards'", () => {
    expect(rechargeCardsOf({ pin: "1111222233334444,5555666677778888", serial: "S1" })).toEqual([
      { pin: "1111222233334444", serial: null },
      { pin: "5555666677778888", serial: null },
    ]);
  });
});
