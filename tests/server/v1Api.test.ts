import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, transactions } from "../../server/db/schema";
import { type KeyHolderOptions, keyHolder } from "./support/keyHolders";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";
import { countStatements } from "./support/statementCounter";
import { createTestServer, type TestServer } from "./support/testServer";

// OjaPay's own API for programs, /api/v1/, called as a reseller's server calls it: a Bearer key, kobo,
// the envelope, a request_id on every purchase.

const server = serverForFile({ TRUST_PROXY: "1" });

const apiCustomer = (kobo: number, keyBody: KeyHolderOptions["keyBody"] = {}) =>
  keyHolder(server, { kobo, level: "api", keyBody });

interface V1Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the answers of five routes, read field by field
  body: { status: boolean; msg: string; code?: string; data?: any; fields?: Record<string, string[]> };
}

async function v1(
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  raw?: string,
): Promise<V1Answer> {
  const headers: Record<string, string> = { "x-forwarded-for": "102.89.3.4" };
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined || raw !== undefined) headers["content-type"] = "application/json";
  const res = await server.app.request(`/api/v1/${path}`, {
    method,
    headers,
    ...((body !== undefined || raw !== undefined) && { body: raw ?? JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as V1Answer["body"] };
}

const airtime = (extra: Record<string, unknown> = {}) => ({
  kind: "airtime",
  network_id: 1,
  phone: "08031234567",
  amount: 500_00,
  request_id: crypto.randomUUID(),
  ...extra,
});

describe("the v1 API", () => {
  it("buys with a key and no PIN, in kobo, answering the purchase by id and by request id", async () => {
    const caller = await apiCustomer(5_000_00);
    const body = airtime();
    const bought = await v1("POST", "purchases", caller.key, body);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      status: true,
      msg: "Purchase successful.",
      data: { kind: "airtime", status: "successful", amount: 500_00, request_id: body.request_id },
    });
    const total = bought.body.data.total as number;
    expect(total).toBeLessThan(500_00);
    expect(await walletBalance(server.db, caller.id)).toBe(5_000_00 - total);

    const again = await v1("POST", "purchases", caller.key, body);
    expect(again.body.data).toEqual(bought.body.data);
    expect((await v1("GET", `purchases/${bought.body.data.id}`, caller.key)).body.data).toEqual(
      bought.body.data,
    );
    expect((await v1("GET", `purchases/${body.request_id}/`, caller.key)).body.data).toEqual(
      bought.body.data,
    );
    expect(await walletBalance(server.db, caller.id)).toBe(5_000_00 - total);
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, bought.body.data.id));
    expect(row).toMatchObject({ apiKeyId: caller.keyId, apiDialect: "v1" });

    const reused = await v1("POST", "purchases", caller.key, { ...body, amount: 600_00 });
    expect(reused).toMatchObject({ status: 409, body: { code: "request_id_reused" } });
    const other = await apiCustomer(100_00);
    expect(await v1("GET", `purchases/${bought.body.data.id}`, other.key)).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
  });

  it("buys data, TV and electricity with the customer's own bodies", async () => {
    const caller = await apiCustomer(40_000_00);
    const catalogue = await v1("GET", "catalogue", caller.key);
    expect(catalogue.status).toBe(200);
    const { airtime: networks, data, tv, electricity } = catalogue.body.data;
    expect(networks).toHaveLength(4);
    expect(electricity.length).toBeGreaterThan(0);
    const plan = data[0];
    const dstv = tv.find((p: { name: string }) => p.name === "DStv");
    const bouquet = dstv.bouquets[0];
    const buys = [
      { kind: "data", plan_id: plan.id, phone: "08031234567" },
      {
        kind: "tv",
        provider_id: dstv.id,
        plan_id: bouquet.id,
        smartcard: "7023456789",
        phone: "08031234567",
      },
      {
        kind: "electricity",
        disco_id: 6,
        meter_number: "45071234567",
        meter_type: "prepaid",
        amount: 3_000_00,
        phone: "08031234567",
      },
    ];
    for (const buy of buys) {
      const answer = await v1("POST", "purchases", caller.key, { ...buy, request_id: crypto.randomUUID() });
      expect(answer.status, buy.kind).toBe(200);
      expect(answer.body.data, buy.kind).toMatchObject({ kind: buy.kind, status: "successful" });
    }
    const [dataRow, tvRow] = await Promise.all(
      buys.slice(0, 2).map(async (buy) => {
        const rows = await server.db.select().from(transactions).where(eq(transactions.userId, caller.id));
        return rows.find((r) => r.kind === buy.kind);
      }),
    );
    // Charged what the catalogue said at the caller's level.
    expect(dataRow?.total).toBe(plan.price);
    expect(tvRow?.total).toBe(bouquet.price + dstv.service_fee);
  });

  it("answers the balance and the key's webhook deliveries", async () => {
    const caller = await apiCustomer(2_000_00);
    expect((await v1("GET", "balance", caller.key)).body.data).toEqual({
      balance: 2_000_00,
      pending_total: 0,
      level: "api",
    });
    const deliveries = await v1("GET", "webhook-deliveries?page_size=5", caller.key);
    expect(deliveries.body.data).toMatchObject({ count: 0, results: [] });
  });

  it("refuses bad input by field with 400, and buys nothing", async () => {
    const caller = await apiCustomer(1_000_00);
    const cases: Array<[unknown, string]> = [
      [airtime({ request_id: undefined }), "request_id"],
      [airtime({ request_id: "not-a-uuid" }), "request_id"],
      [airtime({ pin: "1357" }), "pin"],
      [airtime({ surprise: true }), "surprise"],
      [airtime({ amount: "500" }), "amount"],
      [airtime({ amount: 500.5 }), "amount"],
      [airtime({ kind: "lottery" }), "kind"],
      [{ ...airtime(), network_id: undefined }, "network_id"],
      [{ kind: "data", phone: "08031234567", request_id: crypto.randomUUID() }, "plan_id"],
    ];
    for (const [body, field] of cases) {
      const answer = await v1("POST", "purchases", caller.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await v1("POST", "purchases", caller.key, undefined, "{nope")).status).toBe(400);
    const huge = await v1("POST", "purchases", caller.key, { ...airtime(), note: "x".repeat(17 * 1024) });
    expect(huge).toMatchObject({ status: 413, body: { code: "too_large" } });
    expect(await v1("GET", "purchases/not-a-uuid", caller.key)).toMatchObject({ status: 404 });
    const insufficient = await v1("POST", "purchases", caller.key, airtime({ amount: 5_000_00 }));
    expect(insufficient).toMatchObject({ status: 400, body: { code: "insufficient_funds" } });
    const rows = await server.db.select().from(transactions).where(eq(transactions.userId, caller.id));
    expect(rows.filter((r) => r.kind !== "funding")).toEqual([]);
  });

  it("refuses a missing, unknown or revoked key, a session's token, an address not allowed, and a level without access", async () => {
    const caller = await apiCustomer(1_000_00, { allowed_ips: ["102.89.3.4"] });
    expect(await v1("GET", "balance", null)).toMatchObject({ status: 401, body: { code: "no_credentials" } });
    for (const key of [`${caller.key.slice(0, 17)}${"A".repeat(43)}`, caller.token])
      expect(await v1("GET", "balance", key)).toMatchObject({ status: 401, body: { code: "invalid_key" } });
    const elsewhere = await server.app.request("/api/v1/balance", {
      headers: { authorization: `Bearer ${caller.key}`, "x-forwarded-for": "41.58.1.1" },
    });
    expect(elsewhere.status).toBe(403);
    await server.sendOk("PATCH /sys.admin/users/:id", {
      token: caller.admin.token,
      params: { id: caller.id },
      body: { level: "customer" },
    });
    expect(await v1("POST", "purchases", caller.key, airtime())).toMatchObject({
      status: 403,
      body: { code: "forbidden", msg: "API access is for the Reseller and API levels." },
    });
    await server.sendOk("PATCH /sys.admin/users/:id", {
      token: caller.admin.token,
      params: { id: caller.id },
      body: { level: "reseller" },
    });
    expect((await v1("GET", "balance", caller.key)).status).toBe(200);
    await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: caller.token,
      params: { id: caller.keyId },
    });
    expect(await v1("GET", "balance", caller.key)).toMatchObject({
      status: 401,
      body: { code: "invalid_key" },
    });
  });

  it("shares the key's rate limit with the market's dialect, answering 429 with Retry-After", async () => {
    const caller = await apiCustomer(100_00);
    for (let i = 0; i < 15; i++) expect((await v1("GET", "balance", caller.key)).status).toBe(200);
    for (let i = 0; i < 15; i++) {
      const res = await server.app.request("/reseller/api/user/", {
        headers: { authorization: `Token ${caller.key}`, "x-forwarded-for": "102.89.3.4" },
      });
      expect(res.status).toBe(200);
    }
    const limited = await v1("GET", "balance", caller.key);
    expect(limited).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("counts a purchase against the key's rate limit in its hold, and buys nothing over it", async () => {
    const caller = await apiCustomer(1_000_00);
    for (let i = 0; i < 30; i++) expect((await v1("GET", "balance", caller.key)).status).toBe(200);
    const limited = await v1("POST", "purchases", caller.key, airtime({ amount: 100_00 }));
    expect(limited).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const dialect = await server.app.request("/reseller/api/topup/", {
      method: "POST",
      headers: {
        authorization: `Token ${caller.key}`,
        "content-type": "application/json",
        "x-forwarded-for": "102.89.3.4",
      },
      body: JSON.stringify({ network: 1, amount: 100, mobile_number: "08031234567" }),
    });
    expect(dialect.status).toBe(429);
    expect(await walletBalance(server.db, caller.id)).toBe(1_000_00);
    server.clock.advance(1_000);
    expect((await v1("POST", "purchases", caller.key, airtime({ amount: 100_00 }))).status).toBe(200);
  });

  it("counts replays and refused purchases against the limit too, so none are free to repeat", async () => {
    const caller = await apiCustomer(1_000_00);
    const body = airtime({ amount: 100_00 });
    expect((await v1("POST", "purchases", caller.key, body)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await v1("POST", "purchases", caller.key, body)).status).toBe(200);
    // Refused by a rule (too little airtime), and by the schema (no request_id): each a call all the same.
    for (let i = 0; i < 10; i++)
      expect((await v1("POST", "purchases", caller.key, airtime({ amount: 1 }))).status).toBe(400);
    for (let i = 0; i < 10; i++)
      expect((await v1("POST", "purchases", caller.key, airtime({ request_id: undefined }))).status).toBe(
        400,
      );
    expect(await v1("POST", "purchases", caller.key, body)).toMatchObject({
      status: 429,
      body: { code: "rate_limited" },
    });
    expect(await v1("POST", "purchases", caller.key, airtime({ amount: 1 }))).toMatchObject({ status: 429 });
    // One purchase was made, however often it was asked for.
    const rows = await server.db.select().from(transactions).where(eq(transactions.userId, caller.id));
    expect(rows.filter((row) => row.kind === "airtime")).toHaveLength(1);
  });

  it("is in the OpenAPI document, each path with the key's security and its refusals", async () => {
    const res = await server.app.request("/api/openapi.json");
    const document = (await res.json()) as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const [path, method] of [
      ["/v1/purchases/", "post"],
      ["/v1/purchases/{id}/", "get"],
      ["/v1/balance/", "get"],
      ["/v1/catalogue/", "get"],
      ["/v1/webhook-deliveries/", "get"],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.security, path).toEqual([{ apiKey: [] }]);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(["401", "403", "429", ...(method === "post" ? ["409", "503"] : [])]),
      );
    }
    expect(Object.keys(document.paths["/v1/purchases/{id}/"]?.get?.responses ?? {})).toContain("404");
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});

describe("a v1 purchase on an instance that keeps what it read (READ_CACHE_MS)", () => {
  let cached: TestServer;
  beforeAll(async () => {
    cached = await createTestServer({ READ_CACHE_MS: "1000" });
  });
  afterAll(() => cached.close());

  it("costs the statements a customer's purchase does, and a key revoked elsewhere is refused at once", async () => {
    const admin = await cached.signedInOperator("admin");
    const customer = await cached.fundedCustomer(5_000_00);
    await cached.sendOk("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: customer.id },
      body: { level: "api" },
    });
    await cached.sendOk("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: customer.id },
      body: { tier: 2, reason: "Checked" },
    });
    const made = await cached.sendOk("POST /core/customer/api-keys", {
      token: customer.token,
      body: { name: "Bot" },
    });
    const buy = async (phone: string) =>
      cached.app.request("/api/v1/purchases/", {
        method: "POST",
        headers: { authorization: `Bearer ${made.key}`, "content-type": "application/json" },
        body: JSON.stringify(airtime({ phone, amount: 100_00 })),
      });
    expect((await buy("08031230021")).status).toBe(200);
    const { result, count, statements } = await countStatements(cached.db, () => buy("08031230022"));
    expect(result.status).toBe(200);
    // The first look, the hold (with the key's call counted), the settle: as a customer's purchase.
    expect(count, statements.join("\n")).toBe(3);

    // Another instance revokes it: this one still holds the key it read, and the hold refuses it.
    await cached.db.update(apiKeys).set({ revokedAt: cached.clock.now() }).where(eq(apiKeys.id, made.id));
    const refused = await buy("08031230023");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("invalid_key");
  });
});
