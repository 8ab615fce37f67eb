import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { StaffOffer } from "../../schemas/catalogueOffers";
import { type LevelSlug, levelSlugs } from "../../schemas/levelSlugs";
import { airtimeQuote, electricityQuote } from "../../schemas/pricing";
import { naira, serverForFile } from "./support/serverForFile";

let admin: { token: string };
let staff: { token: string };

const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  staff = await server.signedInOperator("staff");
});

const levels = () => server.sendOk("GET /sys.admin/levels", { token: admin.token });
const setLevel = (slug: LevelSlug, body: Record<string, number>) =>
  server.sendOk("PATCH /sys.admin/levels/:slug", { token: admin.token, params: { slug }, body });

/** A customer at `level`, set by an admin, funded and with a PIN. */
const buyerAt = (level: LevelSlug) => server.fundedCustomerAt(level, admin.token, naira(200_000));

/** The offers a purchase may go to, as staff see them. */
const selling = (offers: readonly StaffOffer[]) => offers.filter((o) => o.enabled && o.configured);

/** Everything the simulators sell, as staff see it: each product with what it costs us. */
async function soldBySimulators() {
  const airtime = (await server.sendOk("GET /core/staff/fetch/airtime", { token: staff.token })).filter(
    (n) => n.enabled && selling(n.offers).length > 0,
  );
  const plans = [];
  for (const net of [1, 2, 3, 4]) {
    const rows = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: net },
    });
    plans.push(...rows.filter((p) => p.enabled && selling(p.offers).length > 0));
  }
  const tvProviders = await server.sendOk("GET /core/staff/fetch/tv/controls", { token: staff.token });
  const bouquets = [];
  for (const provider of tvProviders) {
    const rows = await server.sendOk("GET /core/staff/fetch/tv/plans", {
      token: staff.token,
      query: { control_id: provider.id },
    });
    bouquets.push(
      ...rows
        .filter((p) => p.enabled && selling(p.offers).length > 0)
        .map((p) => ({ ...p, fee: provider.service_fee })),
    );
  }
  const discos = (await server.sendOk("GET /core/staff/fetch/electricity", { token: staff.token })).filter(
    (d) => d.enabled && selling(d.offers).length > 0,
  );
  return { airtime, plans, bouquets, discos };
}

const dearest = (offers: readonly StaffOffer[]) => Math.max(...selling(offers).map((o) => o.cost ?? 0));
const leastCommissionBp = (offers: readonly StaffOffer[]) =>
  Math.min(...selling(offers).map((o) => Math.round(o.commission_percent * 100)));

/** What a customer at `level` is offered: airtime discounts, plan and bouquet prices, discos. */
async function catalogueAt(level: LevelSlug) {
  const buyer = await buyerAt(level);
  const token = buyer.token;
  const airtime = await server.sendOk("GET /core/customer/fetch/airtime", { token });
  const plans = new Map<number, number>();
  for (const id of [1, 2, 3, 4])
    for (const p of await server.sendOk("GET /core/customer/fetch/data/:id", { token, params: { id } }))
      plans.set(p.id, p.price);
  const bouquets = new Map<number, number>();
  for (const id of [1, 2, 3, 4])
    for (const p of await server.sendOk("GET /core/customer/fetch/tv/:id", { token, params: { id } }))
      bouquets.set(p.id, p.price);
  const discos = await server.sendOk("GET /core/customer/fetch/electricity", { token });
  return { buyer, airtime, plans, bouquets, discos };
}

describe("the shipped catalogue and levels", () => {
  it("leave every level above the first a real discount on every product the simulators sell, never below cost", async () => {
    const sold = await soldBySimulators();
    expect(sold.airtime).toHaveLength(4);
    expect(sold.plans.length).toBeGreaterThan(40);
    expect(sold.bouquets.length).toBeGreaterThan(15);
    expect(sold.discos).toHaveLength(12);
    const everyone = await catalogueAt("customer");
    const faceValue = naira(100);
    for (const level of levelSlugs.slice(1)) {
      const at = await catalogueAt(level);
      for (const net of sold.airtime) {
        const theirs = at.airtime.find((n) => n.id === net.id)?.discount_percent ?? 0;
        const customers = everyone.airtime.find((n) => n.id === net.id)?.discount_percent ?? 0;
        const paid = airtimeQuote(faceValue, theirs).total;
        const cost = faceValue - Math.floor((faceValue * leastCommissionBp(net.offers)) / 10_000);
        expect(paid, `${level} ${net.network} airtime`).toBeLessThan(
          airtimeQuote(faceValue, customers).total,
        );
        expect(paid, `${level} ${net.network} airtime`).toBeGreaterThan(cost);
      }
      for (const plan of sold.plans) {
        const paid = at.plans.get(plan.id) ?? Number.NaN;
        expect(paid, `${level} ${plan.name}`).toBeLessThan(everyone.plans.get(plan.id) ?? 0);
        expect(paid, `${level} ${plan.name}`).toBeGreaterThan(dearest(plan.offers));
      }
      for (const bouquet of sold.bouquets) {
        const paid = at.bouquets.get(bouquet.id) ?? Number.NaN;
        expect(paid, `${level} ${bouquet.name}`).toBeLessThan(everyone.bouquets.get(bouquet.id) ?? 0);
        expect(paid + bouquet.fee, `${level} ${bouquet.name}`).toBeGreaterThan(dearest(bouquet.offers));
      }
      for (const disco of sold.discos) {
        const percent = at.discos.find((d) => d.id === disco.id)?.discount_percent ?? 0;
        for (const amount of [disco.min_amount, disco.max_amount]) {
          const paid = electricityQuote(amount, disco.service_fee, percent).total;
          expect(paid, `${level} ${disco.name} ${amount}`).toBeLessThan(amount + disco.service_fee);
          // Electricity's cost is the value bought: the fee is what we earn, and a level never takes it all.
          expect(paid, `${level} ${disco.name} ${amount}`).toBeGreaterThanOrEqual(amount);
        }
      }
    }
  });

  it("leave the console nothing to report as capped", async () => {
    for (const level of await levels()) expect(level.capped, level.slug).toEqual([]);
  });
});

describe("the Price levels page's caps", () => {
  it("say where cost caps a level's airtime discount, as the purchase then charges it", async () => {
    const api = await buyerAt("api");
    await setLevel("api", { airtime_percent: 2.5 });
    try {
      const staffAirtime = await server.sendOk("GET /core/staff/fetch/airtime", { token: staff.token });
      const mtn = staffAirtime.find((n) => n.id === 1);
      if (!mtn) throw new Error("no MTN");
      const roomBp = leastCommissionBp(mtn.offers) - Math.round(mtn.discount_percent * 100);
      const caps = (await levels()).find((l) => l.slug === "api")?.capped ?? [];
      expect(caps.find((c) => c.product === "MTN airtime")).toEqual({
        service: "airtime",
        product: "MTN airtime",
        asked_percent: 2.5,
        given_percent: roomBp / 100,
        fee_from: null,
      });
      // What the page says is given is what the purchase takes off.
      const bought = await server.buyAirtime(api, "08031234567", naira(1_000));
      expect(bought.data?.total).toBe(airtimeQuote(naira(1_000), mtn.discount_percent + roomBp / 100).total);
      // Every network with less room than 2.5% is listed, and no other service.
      expect(caps.every((c) => c.service === "airtime" && c.asked_percent === 2.5)).toBe(true);
      expect(caps.map((c) => c.product)).toEqual([
        "MTN airtime",
        "GLO airtime",
        "9Mobile airtime",
        "Airtel airtime",
      ]);
    } finally {
      await setLevel("api", { airtime_percent: 0.75 });
    }
  });

  it("say which data plans and bouquets cost caps, with the share given, and where the fee stops electricity", async () => {
    await setLevel("agent", { data_sme_percent: 12, tv_percent: 1, electricity_percent: 0.5 });
    try {
      const caps = (await levels()).find((l) => l.slug === "agent")?.capped ?? [];
      const sme = await server.sendOk("GET /core/staff/fetch/data/plans", {
        token: staff.token,
        query: { control_id: 1 },
      });
      const small = sme.find((p) => p.name.startsWith("500MB") && p.plan_type === "sme");
      if (!small) throw new Error("no MTN SME 500MB");
      // ₦150 at 12% off would be ₦132, under its ₦135 cost: it stops at ₦135, 10% off.
      expect(small.price).toBe(naira(150));
      expect(dearest(small.offers)).toBe(naira(135));
      expect(caps).toContainEqual({
        service: "data_sme",
        product: `MTN ${small.name}`,
        asked_percent: 12,
        given_percent: 10,
        fee_from: null,
      });
      const agent = await buyerAt("agent");
      const listed = await server.sendOk("GET /core/customer/fetch/data/:id", {
        token: agent.token,
        params: { id: 1 },
      });
      expect(listed.find((p) => p.id === small.id)?.price).toBe(naira(135));
      // DStv Premium: 1% of ₦44,500 is ₦445, past the ₦100 fee the dearest offer leaves: ₦100 off.
      expect(caps).toContainEqual({
        service: "tv",
        product: "DStv Premium",
        asked_percent: 1,
        given_percent: 0.22,
        fee_from: null,
      });
      // Electricity: from ₦20,000 0.5% is the whole ₦100 fee, and no more above it, at every company.
      const electricity = caps.filter((c) => c.service === "electricity");
      expect(electricity).toHaveLength(12);
      expect(electricity[0]).toEqual({
        service: "electricity",
        product: "Abuja Electricity (AEDC)",
        asked_percent: 0.5,
        given_percent: 0.02,
        fee_from: naira(20_000),
      });
      expect(electricityQuote(naira(20_000) - 1, naira(100), 0.5).discount).toBeLessThan(naira(100));
      expect(electricityQuote(naira(20_000), naira(100), 0.5).discount).toBe(naira(100));
    } finally {
      await setLevel("agent", { data_sme_percent: 1, tv_percent: 0.1, electricity_percent: 0.01 });
    }
  });
});

describe("migration 0025", () => {
  it("moves a level's discount still at 0019's default to the new one, and leaves an admin's own value", async () => {
    const file = new URL("../../server/db/migrations/0025_level_discounts_with_room.sql", import.meta.url);
    const statements = readFileSync(file, "utf8").split("--> statement-breakpoint");
    await server.db.execute(sql`update price_levels set airtime_bp = 100, tv_bp = 0 where slug = 'agent'`);
    await server.db.execute(
      sql`update price_levels set airtime_bp = 300, tv_bp = 40 where slug = 'reseller'`,
    );
    try {
      for (const statement of statements) await server.db.execute(sql.raw(statement));
      const after = await levels();
      expect(after.find((l) => l.slug === "agent")).toMatchObject({ airtime_percent: 0.25, tv_percent: 0.1 });
      expect(after.find((l) => l.slug === "reseller")).toMatchObject({ airtime_percent: 3, tv_percent: 0.4 });
    } finally {
      await setLevel("reseller", { airtime_percent: 0.5, tv_percent: 0.15 });
    }
  });
});
