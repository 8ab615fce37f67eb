import { describe, expect, it } from "vitest";
import { msorgEpinTriggers } from "../../server/outside/msorg/simulator/msorgSimulator";
import type { ProviderOrder } from "../../server/outside/provider";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { msorgOnLoopback, referenceOf, vouchersOf } from "./support/msorgOnLoopback";
import { TestClock } from "./support/testClock";

/**
 * Exam PINs at the SME-data vendor (`epin/`), the adapter against the simulator over real HTTP: the
 * cards split into vouchers, each test quantity's outcome, the requery by id and by the list, the
 * exam prices in `user/`, and no PIN in any note.
 */
const clock = new TestClock(new Date("2026-11-27T09:00:00.000Z"));
const vendor = msorgOnLoopback(clock);
const { adapter, within, sent, keptCards, expectNoPinIn } = vendor;

const exam = (quantity: number, name = "NECO"): ProviderOrder => ({
  service: "exam_pin",
  serviceId: name,
  variationCode: "",
  productId: 3,
  quantity,
  phone: "08031234567",
  amount: 125_000 * quantity,
});

describe("buying exam PINs", () => {
  it("posts exam_name and quantity, and splits each `<pin><=><serial>` into a voucher", async () => {
    const before = vendor.control.balance();
    const result = await adapter().buy("ours", exam(3), within());
    expect(vendor.control.requests.at(-1)).toEqual({
      method: "POST",
      path: "/api/epin/",
      body: { exam_name: "NECO", quantity: 3 },
    });
    expect(result).toMatchObject({ status: "successful", providerReference: expect.stringMatching(/^\d+$/) });
    expect(vouchersOf(result)).toEqual(keptCards());
    expect(vouchersOf(result)).toHaveLength(3);
    expect(vendor.control.balance()).toBe(before - 375_000);
    expectNoPinIn(result);
  });

  it("reads the same cards again on a requery by id", async () => {
    const order = exam(2, "WAEC");
    const provider = adapter();
    const bought = await provider.buy("ours", order, within());
    const again = await provider.requery(sent(order, referenceOf(bought)), within());
    expect(again).toMatchObject({ status: "successful", providerReference: referenceOf(bought) });
    expect(vouchersOf(again)).toEqual(vouchersOf(bought));
    expect(vendor.control.requests.at(-1)?.path).toBe(`/api/epin/${referenceOf(bought)}/`);
  });

  it("fails quantity 6 with the vendor's failed record, safe to fail over, the vendor's wallet refunded", async () => {
    const before = vendor.control.balance();
    const result = await adapter().buy("ours", exam(msorgEpinTriggers.failed), within());
    expect(result).toMatchObject({ status: "failed", safeToFailOver: true });
    expect(vendor.control.balance()).toBe(before);
  });

  it("keeps quantity 7 pending without PINs until the second requery delivers them", async () => {
    const order = exam(msorgEpinTriggers.processingThenSuccessful);
    const provider = adapter();
    const bought = await provider.buy("ours", order, within());
    expect(bought).toMatchObject({ status: "pending", providerReference: expect.any(String) });
    expect(vouchersOf(bought)).toBeUndefined();
    expect((await provider.requery(sent(order, referenceOf(bought)), within())).status).toBe("pending");
    const delivered = await provider.requery(sent(order, referenceOf(bought)), within());
    expect(vouchersOf(delivered)).toHaveLength(7);
  });

  it("keeps quantity 8 pending, then fails it and gives the vendor's wallet back", async () => {
    const order = exam(msorgEpinTriggers.processingThenFailed);
    const before = vendor.control.balance();
    const bought = await adapter().buy("ours", order, within());
    vendor.control.settle(Number(referenceOf(bought)));
    expect(await adapter().requery(sent(order, referenceOf(bought)), within())).toMatchObject({
      status: "failed",
      safeToFailOver: true,
    });
    expect(vendor.control.balance()).toBe(before);
  });

  it("answers quantity 9's record short of a PIN with the cards it carries, and says so", async () => {
    const result = await adapter().buy("ours", exam(msorgEpinTriggers.shortOfPins), within());
    expect(result).toMatchObject({ status: "successful", note: expect.stringContaining("8 of 9 PINs") });
    expect(vouchersOf(result)).toHaveLength(8);
  });

  it("refuses an exam the vendor does not sell before any record: failed, safe to fail over", async () => {
    const records = vendor.control.records().length;
    const result = await adapter().buy("ours", exam(1, "JAMB"), within());
    expect(result).toMatchObject({ status: "failed", safeToFailOver: true });
    expect(vendor.control.records()).toHaveLength(records);
  });
});

describe("an exam PIN purchase whose answer was lost", () => {
  it("is found in the list by exam and quantity, with its cards", async () => {
    clock.advance(10 * 60_000);
    const order = exam(4, "NABTEB");
    const sentAt = clock.now();
    vendor.control.script("NABTEB", { kind: "no-answer" });
    await expect(adapter().buy("ours", order, within())).rejects.toThrow();
    const found = await adapter().requery(sent(order, null, sentAt), within());
    expect(found).toMatchObject({
      status: "successful",
      providerReference: String(vendor.control.records().at(-1)?.id),
    });
    expect(vouchersOf(found)).toEqual(keptCards());
    expect(vendor.control.requests.at(-1)?.path).toBe("/api/epin/");
  });

  it("is not mistaken for another quantity of the same exam", async () => {
    clock.advance(10 * 60_000);
    const sentAt = clock.now();
    await adapter().buy("ours", exam(2, "NABTEB"), within());
    expect(await adapter().requery(sent(exam(5, "NABTEB"), null, sentAt), within())).toMatchObject({
      status: "pending",
      unknownRequest: true,
    });
  });
});

describe("the vendor account", () => {
  it("lists one PIN's price of each exam in user/'s Exam, in naira", async () => {
    const response = await fetch(`${vendor.base}user/`, {
      headers: { authorization: `Token ${simulatorKeys.msorg.token}` },
    });
    expect((await response.json()).Exam).toEqual({
      WAEC: { amount: 3800 },
      NECO: { amount: 1250 },
      NABTEB: { amount: 950 },
    });
  });
});
