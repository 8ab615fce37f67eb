import { beforeAll, describe, expect, it } from "vitest";
import type { LevelSlug } from "../../schemas/levelSlugs";
import { airtimeQuote, levelPrice } from "../../schemas/pricing";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { naira, serverForFile } from "./support/serverForFile";

let admin: { token: string };
let staff: { token: string };

const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  staff = await server.signedInOperator("staff");
});

/** A funded customer with a PIN at `level`, set by an admin. */
const buyerAt = (level: LevelSlug) => server.fundedCustomerAt(level, admin.token, naira(200_000));
const setLevel = (slug: LevelSlug, body: Record<string, number>) =>
  server.sendOk("PATCH /sys.admin/levels/:slug", { token: admin.token, params: { slug }, body });

/** MTN's airtime discount and its least commission among the offers on, in basis points, as staff see them. */
async function mtnAirtime() {
  const controls = await server.sendOk("GET /core/staff/fetch/airtime", { token: staff.token });
  const mtn = controls.find((n) => n.id === 1);
  if (!mtn) throw new Error("no MTN");
  const commissions = mtn.offers
    .filter((o) => o.enabled && o.configured)
    .map((o) => Math.round(o.commission_percent * 100));
  return { discountBp: Math.round(mtn.discount_percent * 100), commissionBp: Math.min(...commissions) };
}

/** MTN's first SME plan on sale as staff see it: its price and the dearest cost of its offers on. */
async function mtnSmePlan() {
  const plans = await server.sendOk("GET /core/staff/fetch/data/plans", {
    token: staff.token,
    query: { control_id: 1 },
  });
  const plan = plans.find(
    (p) => p.enabled && p.plan_type === "sme" && p.offers.some((o) => o.enabled && o.configured),
  );
  if (!plan) throw new Error("no SME plan");
  const cost = Math.max(...plan.offers.filter((o) => o.enabled && o.configured).map((o) => o.cost ?? 0));
  return { id: plan.id, price: plan.price, cost };
}

describe("prices at a level", () => {
  it("take each level's airtime discount on top of the network's, never past the commission", async () => {
    const { discountBp, commissionBp } = await mtnAirtime();
    for (const [level, extraBp] of [
      ["customer", 0],
      ["agent", 25],
      ["reseller", 50],
      ["api", 75],
    ] as const) {
      const buyer = await buyerAt(level);
      const expected = (discountBp + Math.min(extraBp, Math.max(0, commissionBp - discountBp))) / 100;
      const controls = await server.sendOk("GET /core/customer/fetch/airtime", { token: buyer.token });
      expect(controls.find((n) => n.id === 1)?.discount_percent, level).toBe(expected);
      const bought = await server.buyAirtime(buyer, "08031234567", naira(1_000));
      expect(bought.data?.total, level).toBe(airtimeQuote(naira(1_000), expected).total);
    }
    await expectLedgerConsistent(server.db);
  });

  it("sell a data plan at the level's price, which the catalogue shows and the purchase charges", async () => {
    const plan = await mtnSmePlan();
    const buyer = await buyerAt("agent");
    const expected = Math.max(levelPrice(plan.price, 100), Math.min(plan.price, plan.cost));
    const listed = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: buyer.token,
      params: { id: 1 },
    });
    expect(listed.find((p) => p.id === plan.id)?.price).toBe(expected);
    const bought = await server.sendOk("POST /core/customer/data-bundle", {
      token: buyer.token,
      body: { plan_id: plan.id, phone: "08031234567", pin: buyer.pin, request_id: crypto.randomUUID() },
    });
    expect(bought.total).toBe(expected);
    // A customer at the first level pays the plan's own price.
    const customer = await buyerAt("customer");
    const theirs = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: customer.token,
      params: { id: 1 },
    });
    expect(theirs.find((p) => p.id === plan.id)?.price).toBe(plan.price);
    await expectLedgerConsistent(server.db);
  });

  it("never go below what the product costs us, however deep the level's discount", async () => {
    await setLevel("reseller", { data_sme_percent: 60, airtime_percent: 50 });
    const plan = await mtnSmePlan();
    const { discountBp, commissionBp } = await mtnAirtime();
    const buyer = await buyerAt("reseller");
    const listed = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: buyer.token,
      params: { id: 1 },
    });
    expect(listed.find((p) => p.id === plan.id)?.price).toBe(Math.min(plan.price, plan.cost));
    const bought = await server.sendOk("POST /core/customer/data-bundle", {
      token: buyer.token,
      body: { plan_id: plan.id, phone: "08031234567", pin: buyer.pin, request_id: crypto.randomUUID() },
    });
    expect(bought.total).toBeGreaterThanOrEqual(Math.min(plan.price, plan.cost));
    const airtime = await server.sendOk("GET /core/customer/fetch/airtime", { token: buyer.token });
    expect(airtime.find((n) => n.id === 1)?.discount_percent).toBe(Math.max(discountBp, commissionBp) / 100);
    await setLevel("reseller", { data_sme_percent: 2, airtime_percent: 0.5 });
  });

  it("take a level's electricity discount off the value bought, never more than the fee", async () => {
    await setLevel("api", { electricity_percent: 1 });
    const buyer = await buyerAt("api");
    const discos = await server.sendOk("GET /core/customer/fetch/electricity", { token: buyer.token });
    const ikeja = discos.find((d) => d.id === 6);
    if (!ikeja) throw new Error("no Ikeja");
    expect(ikeja.discount_percent).toBe(1);
    const buy = (amount: number) =>
      server.sendOk("POST /core/customer/electricity", {
        token: buyer.token,
        body: {
          action: "buy",
          disco_id: 6,
          meter_number: "1111111111111",
          meter_type: "prepaid",
          amount,
          phone: "08031234567",
          pin: buyer.pin,
          request_id: crypto.randomUUID(),
        },
      });
    // ₦2,000: 1% is ₦20 off the value, under the fee.
    const small = await buy(naira(2_000));
    expect(small).toMatchObject({
      amount: naira(2_000),
      discount: naira(20),
      total: naira(2_000) + ikeja.service_fee - naira(20),
    });
    // ₦20,000: 1% would be ₦200, more than the ₦100 fee, so the fee is all that comes off.
    expect(ikeja.service_fee).toBe(naira(100));
    const large = await buy(naira(20_000));
    expect(large).toMatchObject({ discount: ikeja.service_fee, total: naira(20_000) });
    await setLevel("api", { electricity_percent: 0.02 });
    await expectLedgerConsistent(server.db);
  });
});
