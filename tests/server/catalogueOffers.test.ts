import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, dataPlans, providerProducts, tvPlans } from "../../server/db/schema";
import { naira, serverForFile } from "./support/serverForFile";

// Each product's offers per provider (provider_products), as staff see and change them, and the
// data-plan sync for a provider other than VTpass: the SME-data vendor's simulator (/simulator/msorg).
let staff: { id: string; token: string };
const server = serverForFile();
beforeAll(async () => {
  staff = await server.signedInOperator("staff");
});

const lastAudit = async () =>
  (await server.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1))[0];
const auditCount = () => server.db.$count(auditLog);
const offersOf = (service: "airtime" | "data" | "tv" | "electricity", productId: number) =>
  server.db
    .select()
    .from(providerProducts)
    .where(and(eq(providerProducts.service, service), eq(providerProducts.productId, productId)))
    .orderBy(providerProducts.provider);
async function bouquet(code: string) {
  const [row] = await server.db.select().from(tvPlans).where(eq(tvPlans.code, code));
  if (!row) throw new Error(`no bouquet ${code}`);
  return row;
}

describe("a product's offers", () => {
  it("are added, changed, switched off and removed by staff, each audited, and listed with the provider's name", async () => {
    // The vendor sells no Showmax: staff add its offer for a bouquet.
    const mobile = await bouquet("showmax-mobile");
    const key = { service: "tv" as const, product_id: mobile.id, provider: "msorg" };
    const added = await server.send("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { ...key, service_id: "4", variation_code: "40", cost: naira(3_300) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.data).toEqual({
      provider: "msorg",
      label: server.deps.providers.labelOf("msorg"),
      configured: true,
      service_id: "4",
      variation_code: "40",
      cost: naira(3_300),
      commission_percent: 0,
      enabled: true,
    });
    expect(await lastAudit()).toMatchObject({
      actorId: staff.id,
      action: "catalogue.update",
      targetType: "tv_offer",
      targetId: `tv:${mobile.id}:msorg`,
      before: null,
      after: expect.objectContaining({ provider: "msorg", variation_code: "40", cost: naira(3_300) }),
    });
    const listed = await server.sendOk("GET /core/staff/fetch/tv/plans", {
      token: staff.token,
      query: { control_id: 4 },
    });
    expect(listed.find((b) => b.id === mobile.id)?.offers.map((o) => [o.provider, o.cost])).toEqual([
      ["msorg", naira(3_300)],
      ["vtpass", Math.round(naira(3_500) * 0.985)],
    ]);

    // Changed: only what is sent changes.
    await server.sendOk("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { ...key, cost: naira(3_200) },
    });
    expect(await offersOf("tv", mobile.id)).toMatchObject([
      { provider: "msorg", serviceId: "4", variationCode: "40", cost: naira(3_200), enabled: true },
      { provider: "vtpass" },
    ]);
    expect(await lastAudit()).toMatchObject({
      before: expect.objectContaining({ cost: naira(3_300) }),
      after: expect.objectContaining({ cost: naira(3_200) }),
    });

    // Switched off, then removed.
    await server.sendOk("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { ...key, enabled: false },
    });
    expect((await offersOf("tv", mobile.id))[0]).toMatchObject({ provider: "msorg", enabled: false });
    const removed = await server.send("DELETE /core/staff/fetch/offers", { token: staff.token, query: key });
    expect(removed.data).toEqual({ removed: true });
    expect((await offersOf("tv", mobile.id)).map((o) => o.provider)).toEqual(["vtpass"]);
    expect(await lastAudit()).toMatchObject({ targetId: `tv:${mobile.id}:msorg`, after: null });
  });

  it("keeps airtime and electricity offers to a commission, judged against the discount", async () => {
    // GLO airtime sells 3% off; a provider taking only 1% for us would lose 2% on each sale.
    const refused = await server.send("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { service: "airtime", product_id: 2, provider: "msorg", commission_percent: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("below_cost");
    expect(refused.body.fields?.commission_percent?.[0]).toMatch(/A 3% discount with our 1% commission/);
    const saved = await server.sendOk("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { service: "electricity", product_id: 1, provider: "msorg", commission_percent: 0.5 },
    });
    expect(saved).toMatchObject({ service_id: "3", commission_percent: 0.5, cost: null });
  });

  it.each([
    [
      { service: "tv", product_id: 1, provider: "nobody", cost: 1 },
      "provider",
      /not a provider OjaPay buys from/,
    ],
    [{ service: "water", product_id: 1, provider: "vtpass" }, "service", /./],
    // Networks and discos are numbered in a smallint: a larger id names nothing (the fuzzer found a 500).
    [
      { service: "airtime", product_id: 32_768, provider: "vtpass", service_id: "mtn" },
      "product_id",
      /No such product/,
    ],
    [
      { service: "tv", product_id: 999_999, provider: "msorg", cost: 1 },
      "product_id",
      /No bouquet with that id/,
    ],
    [
      { service: "data", product_id: 1, provider: "msorg", variation_code: "9" },
      "cost",
      /Give what the provider charges us/,
    ],
    [
      { service: "data", product_id: 1, provider: "vtpass", commission_percent: 2 },
      "commission_percent",
      /a cost, not a commission/,
    ],
    [
      { service: "airtime", product_id: 1, provider: "vtpass", cost: 100 },
      "cost",
      /a commission, not a cost/,
    ],
    [
      { service: "airtime", product_id: 1, provider: "vtpass", variation_code: "x" },
      "variation_code",
      /Only a data plan/,
    ],
    [{ service: "tv", product_id: 1, provider: "vtpass", cost: -1 }, "cost", /./],
    [
      { service: "tv", product_id: 1, provider: "vtpass", variation_code: "has space" },
      "variation_code",
      /./,
    ],
    [{ service: "tv", product_id: 1, provider: "vtpass", colour: "red" }, "colour", /not allowed/],
  ])("refuses %j, naming the field, and changes nothing", async (body, field, words) => {
    const before = await auditCount();
    const offers = await server.db.$count(providerProducts);
    const answer = await server.put("core/staff/fetch/offers/", body, staff.token);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toEqual(expect.any(String));
    expect(answer.body.fields?.[field]?.[0]).toMatch(words);
    expect(await auditCount()).toBe(before);
    expect(await server.db.$count(providerProducts)).toBe(offers);
  });

  it("refuses to remove an offer there is not, or with a bad key", async () => {
    const none = await server.call(
      "DELETE",
      "core/staff/fetch/offers/?service=tv&product_id=1&provider=nobody",
      { token: staff.token },
    );
    expect(none.status).toBe(400);
    expect(none.body.fields?.provider).toBeDefined();
    const bad = await server.call(
      "DELETE",
      "core/staff/fetch/offers/?service=tv&product_id=abc&provider=msorg",
      { token: staff.token },
    );
    expect(bad.status).toBe(400);
    const past = await server.call(
      "DELETE",
      "core/staff/fetch/offers/?service=electricity&product_id=32768&provider=vtpass",
      { token: staff.token },
    );
    expect(past.status).toBe(400);
    expect(past.body.fields?.product_id).toEqual(["No such product."]);
    expect(bad.body.fields?.product_id).toBeDefined();
  });

  it("are for staff", async () => {
    const c = await server.signedInCustomer();
    const body = { service: "tv", product_id: 1, provider: "vtpass", cost: 1 };
    expect((await server.put("core/staff/fetch/offers/", body, c.token)).status).toBe(403);
  });

  it("follow the provider's data id for a network when staff change it", async () => {
    const airtelPlans = await server.db.select().from(dataPlans).where(eq(dataPlans.networkId, 4));
    const saved = await server.sendOk("PUT /core/staff/fetch/data/networks/ids", {
      token: staff.token,
      body: { network_id: 4, provider: "msorg", service_id: "44" },
    });
    expect(saved).toMatchObject({ provider: "msorg", service_id: "44" });
    const vendorOffers = (await Promise.all(airtelPlans.map((plan) => offersOf("data", plan.id)))).flatMap(
      (offers) => offers.filter((o) => o.provider === "msorg"),
    );
    expect(vendorOffers.length).toBeGreaterThan(0);
    expect(vendorOffers.every((o) => o.serviceId === "44")).toBe(true);
    await server.sendOk("PUT /core/staff/fetch/data/networks/ids", {
      token: staff.token,
      body: { network_id: 4, provider: "msorg", service_id: "4" },
    });
  });
});

describe("sync from the SME-data vendor", () => {
  it("lists its plans under its own data id for the network, beside ours by its codes, and imports one that can be bought", async () => {
    // GLO is the vendor's data network 3 (its airtime id is 2): the sync must ask for 3.
    const glo = await server.sendOk("GET /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      query: { control_id: 2, provider: "msorg" },
    });
    expect(glo).toMatchObject({ provider: "msorg", service_id: "3" });
    expect(glo.rows.find((r) => r.code === "251")).toMatchObject({
      state: "same",
      plan: { code: "glo-cg-1gb-30d" },
    });

    // A cost the vendor no longer charges: shown as changed, and taken on import.
    const [sme1gb] = await server.db.select().from(dataPlans).where(eq(dataPlans.code, "mtn-sme-1gb-30d"));
    if (!sme1gb) throw new Error("no MTN SME 1GB");
    await server.sendOk("PUT /core/staff/fetch/offers", {
      token: staff.token,
      body: { service: "data", product_id: sme1gb.id, provider: "msorg", cost: naira(200) },
    });
    const mtn = await server.sendOk("GET /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      query: { control_id: 1, provider: "msorg" },
    });
    expect(mtn.service_id).toBe("1");
    const byCode = new Map(mtn.rows.map((r) => [r.code, r]));
    expect(byCode.get("7")).toMatchObject({
      state: "changed",
      provider_cost: naira(235),
      offer_cost: naira(200),
    });
    expect(byCode.get("11")).toMatchObject({
      state: "new",
      provider_cost: naira(705),
      plan_type: "sme",
      plan: null,
      suggested: { size: "3GB", validity: "30 days", category: "monthly" },
    });
    // VTpass's plans are not the vendor's: none is listed as gone from it.
    expect(mtn.rows.filter((r) => r.state === "gone")).toEqual([]);

    const imported = await server.send("POST /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      body: { control_id: 1, provider: "msorg", import: [{ code: "11", price: naira(800) }, { code: "7" }] },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.data).toMatchObject({ created: 1, updated: 1 });
    const [added] = await server.db.select().from(dataPlans).where(eq(dataPlans.code, "mtn-msorg-11"));
    expect(added).toMatchObject({ planType: "sme", size: "3GB", validity: "30 days", price: naira(800) });
    expect(await offersOf("data", added?.id ?? 0)).toMatchObject([
      { provider: "msorg", serviceId: "1", variationCode: "11", cost: naira(705), enabled: true },
    ]);
    expect((await offersOf("data", sme1gb.id))[0]).toMatchObject({ provider: "msorg", cost: naira(235) });
    expect(await lastAudit()).toMatchObject({
      action: "plan.sync",
      after: expect.objectContaining({ provider: "msorg" }),
    });

    // Customers see it as an SME plan, and buying it goes to the vendor.
    const customer = await server.fundedCustomer(naira(5_000));
    const listed = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: customer.token,
      params: { id: 1 },
    });
    expect(listed.find((p) => p.id === added?.id)).toMatchObject({ plan_type: "sme", size: "3GB" });
    const bought = await server.send("POST /core/customer/data-bundle", {
      token: customer.token,
      body: {
        plan_id: added?.id ?? 0,
        phone: "08031234567",
        pin: customer.pin,
        request_id: crypto.randomUUID(),
      },
    });
    expect(bought.data, JSON.stringify(bought.body)).toMatchObject({
      status: "successful",
      total: naira(800),
    });
  });

  it("refuses a provider not configured, naming it", async () => {
    const answer = await server.get(
      "core/staff/fetch/data/plans/sync/?control_id=1&provider=nobody",
      staff.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.provider).toBeDefined();
  });
});
