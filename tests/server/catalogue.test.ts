import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dataPlans, providerProducts } from "../../server/db/schema";
import { seedCatalogue } from "../../server/db/seed/seedCatalogue";
import { serverForFile } from "./support/serverForFile";

let token: string;
const server = serverForFile();
beforeAll(async () => {
  token = (await server.signedInCustomer()).token;
});

describe("the seeded catalogue", () => {
  it("has the four networks with airtime from ₦50 to ₦50,000", async () => {
    const controls = (await server.send("GET /core/customer/fetch/airtime", { token })).body.data;
    expect(controls).toEqual([
      { id: 1, network: "MTN", enabled: true, discount_percent: 2, min_amount: 5_000, max_amount: 5_000_000 },
      { id: 2, network: "GLO", enabled: true, discount_percent: 3, min_amount: 5_000, max_amount: 5_000_000 },
      {
        id: 3,
        network: "9Mobile",
        enabled: true,
        discount_percent: 3,
        min_amount: 5_000,
        max_amount: 5_000_000,
      },
      {
        id: 4,
        network: "Airtel",
        enabled: true,
        discount_percent: 2.5,
        min_amount: 5_000,
        max_amount: 5_000_000,
      },
    ]);
    expect((await server.send("GET /core/customer/fetch/data", { token })).body.data).toEqual([
      { id: 1, name: "MTN", enabled: true },
      { id: 2, name: "GLO", enabled: true },
      { id: 3, name: "9Mobile", enabled: true },
      { id: 4, name: "Airtel", enabled: true },
    ]);
  });

  it("has daily, weekly and monthly data plans for every network", async () => {
    for (const network of [1, 2, 3, 4]) {
      const plans = await server.sendOk("GET /core/customer/fetch/data/:id", {
        token,
        params: { id: network },
      });
      expect(new Set(plans.map((p) => p.category))).toEqual(new Set(["daily", "weekly", "monthly"]));
      for (const plan of plans) {
        expect(plan.control_id).toBe(network);
        expect(Number.isInteger(plan.price) && plan.price > 0).toBe(true);
        expect(plan.size).toMatch(/^\d+(\.\d+)?(MB|GB)$/);
        expect(plan.validity).toMatch(/^\d+ days?$/);
        expect(["sme", "corporate_gifting", "gifting", "direct"]).toContain(plan.plan_type);
      }
    }
    // Every plan is sold by at least one provider, each below our price.
    const rows = await server.db.select().from(dataPlans);
    const offers = await server.db
      .select()
      .from(providerProducts)
      .where(eq(providerProducts.service, "data"));
    for (const plan of rows) {
      const its = offers.filter((o) => o.productId === plan.id);
      expect(its.length, plan.code).toBeGreaterThan(0);
      expect(its.every((o) => (o.cost ?? 0) < plan.price)).toBe(true);
    }
  });

  it("has DStv, GOtv, StarTimes and Showmax with their bouquets", async () => {
    const providers = await server.sendOk("GET /core/customer/fetch/tv", { token });
    expect(providers.map((p) => p.name)).toEqual(["DStv", "GOtv", "StarTimes", "Showmax"]);
    for (const provider of providers) {
      const bouquets = await server.sendOk("GET /core/customer/fetch/tv/:id", {
        token,
        params: { id: provider.id },
      });
      expect(bouquets.length).toBeGreaterThanOrEqual(3);
      expect(bouquets.every((b) => b.name.startsWith(provider.name))).toBe(true);
    }
  });

  it("has the twelve electricity distribution companies with minimums and fees", async () => {
    const discos = await server.sendOk("GET /core/customer/fetch/electricity", { token });
    const names = discos.map((d) => d.name.split(" ")[0]);
    expect(names).toEqual([
      "Abuja",
      "Benin",
      "Eko",
      "Enugu",
      "Ibadan",
      "Ikeja",
      "Jos",
      "Kaduna",
      "Kano",
      "Port",
      "Yola",
      "Aba",
    ]);
    expect(discos.every((d) => d.min_amount === 100_000 && d.service_fee === 10_000)).toBe(true);
  });

  it("is written once: a restart leaves staff's changes alone", async () => {
    const before = await server.db.$count(dataPlans);
    await server.db.delete(dataPlans).where((await import("drizzle-orm")).eq(dataPlans.code, "mtn-75gb-30d"));
    await seedCatalogue(server.db);
    expect(await server.db.$count(dataPlans)).toBe(before - 1);
  });
});
