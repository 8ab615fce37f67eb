import { beforeAll, describe, expect, it } from "vitest";
import { createMsorgProvider } from "../../server/outside/msorg/msorgProvider";
import type { ProviderOrder } from "../../server/outside/provider";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { keyHolder } from "./support/keyHolders";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

// One OjaPay buying from another: issue 14's MSORG adapter, as a second OjaPay would set it up with
// a reseller key, calls this app's /reseller/api/ over HTTP. What it understands of every answer is
// what any script written for the vendors would.

let reseller: { id: string; key: string };

const server = serverForFile();
beforeAll(async () => {
  const holder = await keyHolder(server, {
    kobo: 50_000_00,
    level: "api",
    tier: 3,
    keyBody: { name: "Our other shop" },
  });
  reseller = { id: holder.id, key: holder.key };
});

const vendor = (token = reseller.key) =>
  createMsorgProvider({
    label: "OjaPay upstream",
    baseUrl: `${server.origin}/reseller/api/`,
    token,
    timeoutMs: 5_000,
  });
const airtime = (phone: string, naira = 500): ProviderOrder => ({
  service: "airtime",
  serviceId: "1",
  phone,
  amount: naira * 100,
});

describe("the MSORG adapter buying from OjaPay's reseller API", () => {
  it("reads the wallet as its balance, and our plans at the key's level as its plans", async () => {
    expect(await vendor().balance()).toBe(await walletBalance(server.db, reseller.id));
    const plans = await vendor().variations("1");
    expect(plans.length).toBeGreaterThan(0);
    const customerPlans = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: (await server.signedInCustomer()).token,
      params: { id: 1 },
    });
    for (const plan of plans) {
      const sold = customerPlans.find((p) => String(p.id) === plan.code);
      expect(sold, plan.code).toBeDefined();
      expect(plan.amount).toBeLessThanOrEqual(sold?.price ?? 0);
      expect(plan.planType).toBe(sold?.plan_type);
    }
  });

  it("buys airtime and finds the record again by its id", async () => {
    const bought = await vendor().buy("ours-1", airtime("08031234567"));
    expect(bought).toMatchObject({ status: "successful", providerReference: expect.any(String) });
    const again = await vendor().requery({
      requestId: "ours-1",
      providerReference: bought.providerReference ?? null,
      order: airtime("08031234567"),
      sentAt: server.clock.now(),
    });
    expect(again.status).toBe("successful");
  });

  it("checks a smartcard and a meter, and sells electricity with its token", async () => {
    expect((await vendor().verifySmartcard("1", "7023456789")).customer_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    await expect(vendor().verifySmartcard("2", "1234564444")).rejects.toThrow(/could not find/);
    expect(await vendor().verifyMeter("6", "45071234567", "prepaid")).toMatchObject({
      customer_name: expect.any(String),
    });
    const power = await vendor().buy("ours-2", {
      service: "electricity",
      serviceId: "6",
      meterNumber: "45071234567",
      meterType: "prepaid",
      amount: 3_000_00,
      phone: "08031234567",
    });
    expect(power).toMatchObject({ status: "successful", token: expect.stringMatching(/^\d{20}$/) });
  });

  it("buys exam PINs through epin/ and reads each card the upstream delivered, by id too", async () => {
    const order: ProviderOrder = {
      service: "exam_pin",
      serviceId: "NECO",
      variationCode: "",
      productId: 3,
      quantity: 2,
      phone: "08031234567",
      amount: 2 * 1_400_00,
    };
    const bought = await vendor().buy("ours-exam", order);
    const cards = server.msorg.records().at(-1)?.pins;
    expect(bought).toMatchObject({ status: "successful", vouchers: cards });
    expect(cards).toHaveLength(2);
    const again = await vendor().requery({
      requestId: "ours-exam",
      providerReference: bought.providerReference ?? null,
      order,
      sentAt: server.clock.now(),
    });
    expect(again).toMatchObject({ status: "successful", vouchers: cards });
  });

  it("prints recharge cards through rechargepin/, reading each card's PIN, serial and load code, by id too", async () => {
    const account = await fetch(`${server.origin}/reseller/api/user/`, {
      headers: { authorization: `Token ${reseller.key}` },
    });
    const glo500 = (await account.json()).Rechargepin.find(
      (card: { plan_network: string; amount: string }) =>
        card.plan_network === "GLO" && card.amount === "500.00",
    );
    const order: ProviderOrder = {
      service: "recharge_pin",
      serviceId: "2",
      variationCode: String(glo500.id),
      productId: 1,
      networkId: 2,
      network: "GLO",
      denomination: 50_000,
      quantity: 3,
      nameOnCard: "Our other shop",
      amount: 3 * 49_000,
    };
    const bought = await vendor().buy("ours-cards", order);
    const cards = (server.msorg.records().at(-1)?.pins ?? []).map((card) => ({
      ...card,
      load_code: `*311*${card.pin}#`,
    }));
    expect(cards).toHaveLength(3);
    expect(bought).toMatchObject({ status: "successful", vouchers: cards });
    const again = await vendor().requery({
      requestId: "ours-cards",
      providerReference: bought.providerReference ?? null,
      order,
      sentAt: server.clock.now(),
    });
    expect(again).toMatchObject({ status: "successful", vouchers: cards });
  });

  it("waits on a pending purchase, and sees it settle", async () => {
    const pending = await vendor().buy("ours-3", airtime("08031111111", 200));
    expect(pending).toMatchObject({ status: "pending", providerReference: expect.any(String) });
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    server.clock.advance(2_000);
    await requeryDue(server.deps);
    const settled = await vendor().requery({
      requestId: "ours-3",
      providerReference: pending.providerReference ?? null,
      order: airtime("08031111111", 200),
      sentAt: server.clock.now(),
    });
    expect(settled.status).toBe("successful");
  });

  it("may try another provider after our failure or refusal, and raises its alerts", async () => {
    const failed = await vendor().buy("ours-4", airtime("08031230000", 200));
    expect(failed).toMatchObject({ status: "failed", safeToFailOver: true });
    const tooMuch = await vendor().buy("ours-5", airtime("08031234567", 49_000));
    expect(tooMuch).toMatchObject({ status: "failed", safeToFailOver: true, alert: "low_balance" });
    const badKey = await vendor(`${reseller.key.slice(0, 17)}${"A".repeat(43)}`).buy(
      "ours-6",
      airtime("08031234567"),
    );
    expect(badKey).toMatchObject({ status: "failed", safeToFailOver: true, alert: "account" });
  });

  it("finds a purchase whose answer was lost 30 purchases back, through the dialect's pages", async () => {
    const sentAt = server.clock.now();
    const to = "08031237770";
    const made = await vendor().buy("ours-7", airtime(to, 100));
    expect(made.status).toBe("successful");
    server.clock.advance(1_000);
    for (let i = 0; i < 30; i++) {
      const later = await vendor().buy(`ours-8-${i}`, airtime(`08031245${String(i).padStart(3, "0")}`, 100));
      expect(later, later.note).toMatchObject({ status: "successful" });
    }
    server.clock.advance(5_000); // past the key's rate limit, which the burst used up
    const firstPage = await fetch(`${server.origin}/reseller/api/topup/`, {
      headers: { authorization: `Token ${reseller.key}` },
    });
    const page = (await firstPage.json()) as { next: string | null; results: { id: string }[] };
    expect(page.results.map((r) => r.id)).not.toContain(made.providerReference);
    expect(new URL(page.next ?? "", server.origin).search).toBe("?page=2");
    const found = await vendor().requery({
      requestId: "ours-7",
      providerReference: null,
      order: airtime(to, 100),
      sentAt,
    });
    expect(found).toMatchObject({ status: "successful", providerReference: made.providerReference });
  });
});
