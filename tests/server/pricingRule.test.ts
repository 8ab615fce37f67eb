import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, providerProducts } from "../../server/db/schema";
import { naira, serverForFile } from "./support/serverForFile";

// The pricing rule (server/services/catalogue/pricingRule.ts) on every thing staff price: a write that would sell
// below cost is refused with `below_cost`, naming the price field, and writes nothing; sent again with
// `sell_at_loss: { reason }` it is saved, and the audit row keeps the reason.
let staff: { id: string; token: string };
const server = serverForFile();
beforeAll(async () => {
  staff = await server.signedInOperator("staff");
});

const reason = "Launch promotion agreed with the MD until month end";

async function lastAudit() {
  const [row] = await server.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return row;
}
const auditCount = () => server.db.$count(auditLog);

/** A refusal for selling at a loss, and proof it wrote nothing. */
async function expectRefusedAsLoss(
  answer: Promise<{
    status: number;
    body: { code?: string; msg: string; fields?: Record<string, string[]> };
  }>,
  field: string,
  words: RegExp,
) {
  const before = await auditCount();
  const { status, body } = await answer;
  expect(status).toBe(400);
  expect(body.code).toBe("below_cost");
  expect(body.msg).toMatch(words);
  expect(body.msg).toMatch(/confirm selling at a loss with a reason/);
  expect(body.fields?.[field]?.[0]).toMatch(words);
  expect(await auditCount()).toBe(before);
}

const gloPlan = {
  control_id: 2,
  name: "2GB Promo (2 days)",
  size: "2GB",
  validity: "2 days",
  category: "daily",
  price: naira(500),
  provider: "vtpass",
  variation_code: "glo-2gb-promo",
  cost: naira(600),
};

/** What a plan or bouquet is judged against: the dearest of its offers that are on. */
const dearest = (offers: Array<{ cost: number | null; enabled: boolean }>) =>
  Math.max(...offers.filter((o) => o.enabled).map((o) => o.cost ?? 0));

describe("a data plan", () => {
  it("is not created below its cost without a reason, and is with one, audited", async () => {
    await expectRefusedAsLoss(
      server.post("core/staff/fetch/data/plans/", { ...gloPlan, code: "glo-2gb-promo" }, staff.token),
      "price",
      /At ₦500\.00, 2GB Promo \(2 days\) sells ₦100\.00 below its cost of ₦600\.00\./,
    );
    const plans = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 2 },
    });
    expect(plans.map((p) => p.code)).not.toContain("glo-2gb-promo");

    const created = await server.send("POST /core/staff/fetch/data/plans", {
      token: staff.token,
      body: { ...gloPlan, code: "glo-2gb-promo", category: "daily", sell_at_loss: { reason } },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ price: naira(500), enabled: true });
    expect(created.data?.offers).toMatchObject([{ provider: "vtpass", cost: naira(600) }]);
    expect(await lastAudit()).toMatchObject({
      action: "plan.create",
      actorId: staff.id,
      after: expect.objectContaining({ price: naira(500), sell_at_loss_reason: reason }),
    });
  });

  it("is not repriced below its cost without a reason; a rename later is not asked again", async () => {
    const [plan] = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 1 },
    });
    if (!plan) throw new Error("MTN has no data plans");
    const below = dearest(plan.offers) - 1;
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/data/plans/:id", {
        token: staff.token,
        params: { id: plan.id },
        body: { price: below },
      }),
      "price",
      /sells ₦0\.01 below its cost/,
    );
    const saved = await server.send("PATCH /core/staff/fetch/data/plans/:id", {
      token: staff.token,
      params: { id: plan.id },
      body: { price: below, sell_at_loss: { reason } },
    });
    expect(saved.data).toMatchObject({ price: below });
    expect(await lastAudit()).toMatchObject({
      action: "plan.update",
      before: expect.objectContaining({ price: plan.price }),
      after: expect.objectContaining({ price: below, sell_at_loss_reason: reason }),
    });

    // Renaming it is not a pricing decision: the loss was confirmed, and is not asked about again.
    const renamed = await server.send("PATCH /core/staff/fetch/data/plans/:id", {
      token: staff.token,
      params: { id: plan.id },
      body: { name: "1GB Daily promo" },
    });
    expect(renamed.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      after: expect.not.objectContaining({ sell_at_loss_reason: reason }),
    });
  });

  it("off sale, sells nothing and is not judged; switching it on is", async () => {
    const off = await server.send("POST /core/staff/fetch/data/plans", {
      token: staff.token,
      body: { ...gloPlan, code: "glo-2gb-later", category: "daily", enabled: false },
    });
    expect(off.status).toBe(201);
    if (!off.data) throw new Error("the plan was not created");
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/data/plans/:id", {
        token: staff.token,
        params: { id: off.data.id },
        body: { enabled: true },
      }),
      "price",
      /sells ₦100\.00 below its cost/,
    );
  });
});

describe("a bouquet", () => {
  it("is judged with its provider's service fee", async () => {
    const bouquets = await server.sendOk("GET /core/staff/fetch/tv/plans", {
      token: staff.token,
      query: { control_id: 1 },
    });
    const padi = bouquets.find((b) => b.code === "dstv-padi");
    if (!padi) throw new Error("DStv has no Padi");
    // ₦100 under cost is covered by DStv's ₦100 fee: at cost, not below.
    const atCost = await server.send("PATCH /core/staff/fetch/tv/plans/:id", {
      token: staff.token,
      params: { id: padi.id },
      body: { price: dearest(padi.offers) - naira(100) },
    });
    expect(atCost.status).toBe(200);
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/tv/plans/:id", {
        token: staff.token,
        params: { id: padi.id },
        body: { price: dearest(padi.offers) - naira(101) },
      }),
      "price",
      /with the ₦100\.00 service fee, DStv Padi sells ₦1\.00 below its cost/,
    );
    const saved = await server.send("PATCH /core/staff/fetch/tv/plans/:id", {
      token: staff.token,
      params: { id: padi.id },
      body: { price: dearest(padi.offers) - naira(101), sell_at_loss: { reason } },
    });
    expect(saved.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      targetType: "tv_plan",
      after: expect.objectContaining({ sell_at_loss_reason: reason }),
    });
  });
});

describe("a TV provider's fee", () => {
  it("is judged against every bouquet it is added to", async () => {
    const bouquets = await server.sendOk("GET /core/staff/fetch/tv/plans", {
      token: staff.token,
      query: { control_id: 2 },
    });
    const jinja = bouquets.find((b) => b.code === "gotv-jinja");
    if (!jinja) throw new Error("GOtv has no Jinja");
    // Priced ₦50 under cost, which GOtv's ₦100 fee covers; a ₦20 fee would not.
    await server.sendOk("PATCH /core/staff/fetch/tv/plans/:id", {
      token: staff.token,
      params: { id: jinja.id },
      body: { price: dearest(jinja.offers) - naira(50) },
    });
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/tv/controls", {
        token: staff.token,
        body: { id: 2, service_fee: naira(20) },
      }),
      "service_fee",
      /with the ₦20\.00 service fee, GOtv Jinja sells ₦30\.00 below its cost/,
    );
    const saved = await server.send("PATCH /core/staff/fetch/tv/controls", {
      token: staff.token,
      body: { id: 2, service_fee: naira(20), sell_at_loss: { reason } },
    });
    expect(saved.data).toMatchObject({ service_fee: naira(20) });
    expect(await lastAudit()).toMatchObject({
      action: "catalogue.update",
      targetType: "tv_provider",
      after: expect.objectContaining({ service_fee: naira(20), sell_at_loss_reason: reason }),
    });
  });
});

describe("airtime", () => {
  it("is not discounted beyond our commission without a reason", async () => {
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/airtime", {
        token: staff.token,
        body: { id: 2, discount_percent: 9 },
      }),
      "discount_percent",
      /A 9% discount with our \d+(\.\d+)?% commission sells GLO airtime [\d.]+% below its cost\./,
    );
    const saved = await server.send("PATCH /core/staff/fetch/airtime", {
      token: staff.token,
      body: { id: 2, discount_percent: 9, sell_at_loss: { reason } },
    });
    expect(saved.data).toMatchObject({ discount_percent: 9 });
    expect(await lastAudit()).toMatchObject({
      targetType: "airtime_control",
      after: expect.objectContaining({ discount_percent: 9, sell_at_loss_reason: reason }),
    });
  });
});

describe("electricity", () => {
  it("sells at its cost with no fee, which is not below it, so nothing is asked", async () => {
    const free = await server.send("PATCH /core/staff/fetch/electricity", {
      token: staff.token,
      body: { id: 3, service_fee: 0 },
    });
    expect(free.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      targetType: "disco",
      after: expect.not.objectContaining({ sell_at_loss_reason: expect.anything() }),
    });
  });
});

describe("the data-plan sync", () => {
  it("does not import a new plan below the provider's cost without a reason", async () => {
    await expectRefusedAsLoss(
      server.send("POST /core/staff/fetch/data/plans/sync", {
        token: staff.token,
        body: { control_id: 1, provider: "vtpass", import: [{ code: "mtn-40gb-30d", price: naira(10_000) }] },
      }),
      "import.0.price",
      /At ₦10,000\.00, 40GB Monthly \(30 days\) sells ₦560\.00 below its cost of ₦10,560\.00\./,
    );
    const imported = await server.send("POST /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      body: {
        control_id: 1,
        provider: "vtpass",
        import: [{ code: "mtn-40gb-30d", price: naira(10_000) }],
        sell_at_loss: { reason },
      },
    });
    expect(imported.data).toMatchObject({ created: 1 });
    expect(await lastAudit()).toMatchObject({
      action: "plan.sync",
      after: expect.objectContaining({ sell_at_loss_reason: reason }),
    });
  });

  it("does not take a provider's new cost above our price without a reason", async () => {
    const plans = await server.sendOk("GET /core/staff/fetch/data/plans", {
      token: staff.token,
      query: { control_id: 1 },
    });
    const weekly = plans.find((p) => p.code === "mtn-6gb-7d");
    if (!weekly) throw new Error("MTN has no 6GB weekly plan");
    // The provider now charges ₦2,450 for it; our price is set to ₦2,400.
    await server.sendOk("PATCH /core/staff/fetch/data/plans/:id", {
      token: staff.token,
      params: { id: weekly.id },
      body: { price: naira(2_400) },
    });
    await expectRefusedAsLoss(
      server.send("POST /core/staff/fetch/data/plans/sync", {
        token: staff.token,
        body: { control_id: 1, provider: "vtpass", import: [{ code: "mtn-6gb-7d" }] },
      }),
      "import.0.code",
      /At ₦2,400\.00, .* sells ₦50\.00 below its cost of ₦2,450\.00\./,
    );
  });
});

describe("a plan sold by several providers", () => {
  it("is judged against the dearest offer that is on, at a configured provider", async () => {
    const created = await server.sendOk("POST /core/staff/fetch/data/plans", {
      token: staff.token,
      body: {
        ...gloPlan,
        category: "daily",
        code: "glo-2gb-two-providers",
        price: naira(700),
        provider: "vtpass",
        variation_code: "glo-2gb-two",
        cost: naira(400),
      },
    });
    // A second provider dearer than our price: refused, naming its cost, until a reason is given.
    const second = {
      service: "data" as const,
      product_id: created.id,
      provider: "msorg",
      variation_code: "777",
    };
    await expectRefusedAsLoss(
      server.send("PUT /core/staff/fetch/offers", {
        token: staff.token,
        body: { ...second, cost: naira(750) },
      }),
      "cost",
      /At ₦700\.00, 2GB Promo \(2 days\) sells ₦50\.00 below its cost of ₦750\.00\./,
    );
    await server.sendOk("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { ...second, cost: naira(650) },
    });
    // Whichever delivers, ₦650 or ₦400, the price must cover: ₦600 does not cover the dearer.
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/data/plans/:id", {
        token: staff.token,
        params: { id: created.id },
        body: { price: naira(600) },
      }),
      "price",
      /At ₦600\.00, 2GB Promo \(2 days\) sells ₦50\.00 below its cost of ₦650\.00\./,
    );
    // A provider PROVIDERS no longer lists is never tried, so its cost is not judged.
    await server.db.insert(providerProducts).values({
      provider: "gone-vendor",
      service: "data",
      productId: created.id,
      serviceId: "1",
      variationCode: "1",
      cost: naira(5_000),
    });
    // The dearer offer switched off: only VTpass's ₦400 is left to judge against.
    await server.sendOk("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { ...second, enabled: false },
    });
    const cheaper = await server.send("PATCH /core/staff/fetch/data/plans/:id", {
      token: staff.token,
      params: { id: created.id },
      body: { price: naira(600) },
    });
    expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "plan.update",
      after: expect.not.objectContaining({ sell_at_loss_reason: expect.anything() }),
    });
    // Switching it back on is a pricing decision again.
    await expectRefusedAsLoss(
      server.send("PUT /core/staff/fetch/offers", { token: staff.token, body: { ...second, enabled: true } }),
      "cost",
      /below its cost of ₦650\.00/,
    );
  });

  it("airtime is judged against the smallest commission among its offers", async () => {
    // MTN: VTpass 3%, the vendor 4%. A 3.5% discount loses on VTpass's purchases.
    await expectRefusedAsLoss(
      server.send("PATCH /core/staff/fetch/airtime", {
        token: staff.token,
        body: { id: 1, discount_percent: 3.5 },
      }),
      "discount_percent",
      /A 3\.5% discount with our 3% commission sells MTN airtime 0\.5% below its cost\./,
    );
  });
});

describe("the reason", () => {
  it.each([
    [{}, "Say why this should sell at a loss."],
    [{ reason: "   cheap  " }, "Say why this should sell at a loss, in at least 10 characters."],
    [{ reason: "x".repeat(301) }, "Keep the reason under 300 characters."],
    [{ reason: "A fine reason", why: "extra" }, "This field is not allowed."],
  ])("is required and readable: %j is refused, naming the field", async (sell_at_loss, message) => {
    const before = await auditCount();
    const answer = await server.patch(
      "core/staff/fetch/airtime/",
      { id: 3, discount_percent: 9, sell_at_loss },
      staff.token,
    );
    expect(answer.status).toBe(400);
    const field = "why" in sell_at_loss ? "sell_at_loss.why" : "sell_at_loss.reason";
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await auditCount()).toBe(before);
  });

  it("alone changes nothing, so it is no change", async () => {
    const answer = await server.send("PATCH /core/staff/fetch/airtime", {
      token: staff.token,
      body: { id: 3, sell_at_loss: { reason } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?._).toEqual(["Change at least one field."]);
  });
});
