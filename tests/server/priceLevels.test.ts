import { beforeAll, describe, expect, it } from "vitest";
import { naira, serverForFile } from "./support/serverForFile";

let admin: { token: string };

const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

const levels = () => server.sendOk("GET /sys.admin/levels", { token: admin.token });
const patchLevel = (slug: string, body: unknown, token = admin.token) =>
  server.send("PATCH /sys.admin/levels/:slug", {
    token,
    params: { slug } as { slug: "agent" },
    body: body as { name: string },
  });

describe("price levels", () => {
  it("start as the four fixed levels, lowest first, with discounts each product has room for, and the issue's fees", async () => {
    const rows = await levels();
    expect(
      rows.map((l) => [l.slug, l.name, l.upgrade_fee, l.airtime_percent, l.data_sme_percent, l.api_access]),
    ).toEqual([
      ["customer", "Customer", 0, 0, 0, false],
      ["agent", "Agent", naira(1_000), 0.25, 1, false],
      ["reseller", "Reseller", naira(5_000), 0.5, 2, true],
      ["api", "API", naira(10_000), 0.75, 2.5, true],
    ]);
    expect(rows.map((l) => [l.tv_percent, l.electricity_percent])).toEqual([
      [0, 0],
      [0.1, 0.01],
      [0.15, 0.01],
      [0.2, 0.02],
    ]);
    for (const level of rows) expect(level.data_gifting_percent).toBe(level.data_sme_percent);
  });

  it("are renamed and repriced by an admin, field by field, with the change in the audit log", async () => {
    const saved = await patchLevel("reseller", {
      name: "Gold reseller",
      airtime_percent: 3.25,
      upgrade_fee: naira(6_000),
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      slug: "reseller",
      name: "Gold reseller",
      airtime_percent: 3.25,
      data_sme_percent: 2,
    });
    const reseller = (await levels()).find((l) => l.slug === "reseller");
    expect(reseller).toMatchObject({
      name: "Gold reseller",
      airtime_percent: 3.25,
      upgrade_fee: naira(6_000),
    });
    expect(reseller?.updated_at).not.toBeNull();
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "level.update" },
    });
    expect(audit.results[0]).toMatchObject({
      action: "level.update",
      target: { type: "price_level", id: "reseller" },
      before: { name: "Reseller", airtime_percent: 0.5, upgrade_fee: naira(5_000) },
      after: { name: "Gold reseller", airtime_percent: 3.25, upgrade_fee: naira(6_000) },
    });
  });

  it("refuse bad input by field and change nothing", async () => {
    const before = await levels();
    const cases: Array<[unknown, string]> = [
      [{ airtime_percent: 101 }, "airtime_percent"],
      [{ data_sme_percent: -1 }, "data_sme_percent"],
      [{ tv_percent: 1.234 }, "tv_percent"],
      [{ upgrade_fee: -100 }, "upgrade_fee"],
      [{ upgrade_fee: 10.5 }, "upgrade_fee"],
      [{ name: " " }, "name"],
      [{ name: "x".repeat(41) }, "name"],
      [{ airtime_percent: "2" }, "airtime_percent"],
    ];
    for (const [body, field] of cases) {
      const res = await patchLevel("agent", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const empty = await patchLevel("agent", {});
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe("Change at least one field.");
    const unknown = await patchLevel("agent", { api_access: true });
    expect(unknown.status).toBe(400);
    expect((await patchLevel("vip", { name: "VIP" })).status).toBe(404);
    expect(await levels()).toEqual(before);
  });

  it("are an admin's alone to read or change", async () => {
    const staff = await server.signedInOperator("staff");
    const customer = await server.signedInCustomer();
    for (const token of [staff.token, customer.token]) {
      expect((await server.send("GET /sys.admin/levels", { token })).status).toBe(403);
      expect((await patchLevel("agent", { name: "Sub-agent" }, token)).status).toBe(403);
    }
    expect((await server.send("GET /sys.admin/levels", {})).status).toBe(401);
  });
});

describe("a customer's level", () => {
  it("starts at customer, and an admin sets it, audited as a change to the user", async () => {
    const customer = await server.signedInCustomer();
    const me = await server.sendOk("GET /auth/profile", { token: customer.token });
    expect(me.level).toBe("customer");
    const changed = await server.sendOk("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: customer.id },
      body: { level: "agent" },
    });
    expect(changed.level).toBe("agent");
    expect((await server.sendOk("GET /auth/profile", { token: customer.token })).level).toBe("agent");
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "user.update" },
    });
    expect(audit.results[0]).toMatchObject({
      target: { type: "user", id: customer.id },
      before: { level: "customer" },
      after: { level: "agent" },
    });
  });

  it("is a customer's only, and only one of the four", async () => {
    const staff = await server.signedInOperator("staff");
    const onStaff = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: staff.id },
      body: { level: "reseller" },
    });
    expect(onStaff.status).toBe(400);
    expect(onStaff.body.fields).toEqual({ level: ["Only customers have a price level."] });
    const customer = await server.signedInCustomer();
    const unknown = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: customer.id },
      body: { level: "vip" as "agent" },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields ?? {})).toEqual(["level"]);
    expect((await server.sendOk("GET /auth/profile", { token: customer.token })).level).toBe("customer");
  });
});
