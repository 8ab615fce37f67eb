import { beforeAll, describe, expect, it } from "vitest";
import { keyHolder } from "./support/keyHolders";
import { serverForFile } from "./support/serverForFile";

// A data plan's fixed price at a level (issue 27: "a discount per service … or a fixed price per data
// plan"): set by an admin, shown wherever the level's prices are, charged by the purchase, and like a
// discount never above the plan's own price nor below its cost.

let admin: { token: string };
let plan: { id: number; price: number; name: string };

const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  const viewer = await server.signedInCustomer();
  const plans = await server.sendOk("GET /core/customer/fetch/data/:id", {
    token: viewer.token,
    params: { id: 1 },
  });
  const dearest = [...plans].sort((a, b) => b.price - a.price)[0];
  if (!dearest) throw new Error("MTN has no data plans");
  plan = dearest;
});

const setPrice = (slug: string, planId: number | string, price: unknown) =>
  server.send("PUT /sys.admin/levels/:slug/plan-prices/:plan_id", {
    token: admin.token,
    params: { slug, plan_id: planId } as never,
    body: { price } as never,
  });

/** An audit state's fixed price, where it has one. */
const fixedOf = (state: unknown) => (state as { fixed_price?: number | null } | null)?.fixed_price ?? null;

describe("a data plan's fixed price at a level", () => {
  it("is what the level's members see and pay, in the app and through both APIs; others pay the plan's price", async () => {
    const fixed = plan.price - 7_00;
    const saved = await setPrice("reseller", plan.id, fixed);
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      plan_id: plan.id,
      own_price: plan.price,
      price: fixed,
      price_at_level: fixed,
    });
    const listed = await server.sendOk("GET /sys.admin/levels/:slug/plan-prices", {
      token: admin.token,
      params: { slug: "reseller" },
    });
    expect(listed.map((row) => [row.plan_id, row.price])).toEqual([[plan.id, fixed]]);

    const reseller = await keyHolder(server, { level: "reseller" });
    const levels = await server.sendOk("GET /core/customer/levels", { token: reseller.token });
    expect(levels.map((l) => [l.slug, l.fixed_data_prices])).toEqual([
      ["customer", 0],
      ["agent", 0],
      ["reseller", 1],
      ["api", 0],
    ]);
    const seen = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: reseller.token,
      params: { id: 1 },
    });
    expect(seen.find((p) => p.id === plan.id)?.price).toBe(fixed);
    const everyone = await server.signedInCustomer();
    const theirs = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: everyone.token,
      params: { id: 1 },
    });
    expect(theirs.find((p) => p.id === plan.id)?.price).toBe(plan.price);

    const bought = await server.send("POST /core/customer/data-bundle", {
      token: reseller.token,
      body: { plan_id: plan.id, phone: "08031234567", pin: reseller.pin, request_id: crypto.randomUUID() },
    });
    expect(bought.data).toMatchObject({ status: "successful", total: fixed });

    const account = await server.app.request("/reseller/api/user/", {
      headers: { authorization: `Token ${reseller.key}` },
    });
    const { Dataplans } = (await account.json()) as {
      Dataplans: Record<string, { ALL: { id: number; plan_amount: string }[] }>;
    };
    expect(Dataplans.MTN_PLAN?.ALL.find((p) => p.id === plan.id)?.plan_amount).toBe((fixed / 100).toFixed(2));
  });

  it("stops at the plan's cost, as a discount does, and is refused above the plan's own price", async () => {
    const below = await setPrice("agent", plan.id, 100);
    expect(below.status).toBe(200);
    const atLevel = below.data?.price_at_level ?? 0;
    expect(atLevel).toBeGreaterThan(100);
    expect(atLevel).toBeLessThanOrEqual(plan.price);
    const agent = await server.fundedCustomer(20_000_00);
    await server.sendOk("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: agent.id },
      body: { level: "agent" },
    });
    const bought = await server.send("POST /core/customer/data-bundle", {
      token: agent.token,
      body: { plan_id: plan.id, phone: "08031234567", pin: agent.pin, request_id: crypto.randomUUID() },
    });
    expect(bought.data).toMatchObject({ status: "successful", total: atLevel });

    const above = await setPrice("agent", plan.id, plan.price + 1);
    expect(above.status).toBe(400);
    expect(above.body.fields).toHaveProperty("price");
  });

  it("can be taken away, so the level's discount applies again, and both changes are audited", async () => {
    await setPrice("api", plan.id, plan.price - 1_00);
    const removed = await server.send("DELETE /sys.admin/levels/:slug/plan-prices/:plan_id", {
      token: admin.token,
      params: { slug: "api", plan_id: plan.id } as never,
    });
    expect(removed).toMatchObject({ status: 200, data: [] });
    const again = await server.send("DELETE /sys.admin/levels/:slug/plan-prices/:plan_id", {
      token: admin.token,
      params: { slug: "api", plan_id: plan.id } as never,
    });
    expect(again.status).toBe(404);
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "level.update" },
    });
    const mine = audit.results.filter((entry) => entry.target.id === "api");
    expect(mine.map((entry) => [fixedOf(entry.before), fixedOf(entry.after)])).toEqual([
      [plan.price - 1_00, null],
      [null, plan.price - 1_00],
    ]);
  });

  it("refuses bad input by field, an unknown plan or level, and anyone but an admin", async () => {
    for (const price of [0, -5, 12.5, "100", null]) {
      const answer = await setPrice("agent", plan.id, price);
      expect(answer.status, String(price)).toBe(400);
      expect(answer.body.fields, String(price)).toHaveProperty("price");
    }
    expect((await setPrice("agent", 999_999, 100)).status).toBe(404);
    expect((await setPrice("agent", "x", 100)).status).toBe(404);
    expect((await setPrice("gold", plan.id, 100)).status).toBe(404);
    const staff = await server.signedInOperator("staff");
    const refused = await server.send("PUT /sys.admin/levels/:slug/plan-prices/:plan_id", {
      token: staff.token,
      params: { slug: "agent", plan_id: plan.id } as never,
      body: { price: 100 },
    });
    expect(refused.status).toBe(403);
  });
});
