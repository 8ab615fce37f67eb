import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { transactions } from "../../server/db/schema";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { type KeyHolderOptions, keyHolder } from "./support/keyHolders";
import { walletBalance } from "./support/ledgerInvariants";
import { naira, serverForFile } from "./support/serverForFile";

// The market's dialect under /reseller/api/ (docs/RESELLERS.md), called as a reseller's script calls
// a vendor: `Authorization: Token <key>`, naira, the vendors' shapes and refusals, no PIN.

let admin: { token: string };

const server = serverForFile({ TRUST_PROXY: "1" });
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

/** A funded customer at `level` and KYC `tier`, with a key made with `keyBody`. */
const resellerWithKey = (kobo: number, options: Omit<KeyHolderOptions, "kobo"> = {}) =>
  keyHolder(server, { kobo, ...options });

/** The admin moves user `id` to `level`. */
const setLevel = (id: string, level: "agent" | "api") =>
  server.sendOk("PATCH /sys.admin/users/:id", { token: admin.token, params: { id }, body: { level } });

interface Reply {
  status: number;
  json: Record<string, unknown> & { error?: string[]; detail?: string };
  headers: Headers;
}

/** One call as a script makes it; `from` is the address the proxy saw. */
async function dialect(
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  extra: { from?: string; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...extra.headers };
  if (key !== null) headers.authorization = `Token ${key}`;
  if (body !== undefined || extra.raw !== undefined) headers["content-type"] ??= "application/json";
  headers["x-forwarded-for"] = extra.from ?? "102.89.3.4";
  const res = await server.app.request(`/reseller/api/${path}`, {
    method,
    headers,
    ...((body !== undefined || extra.raw !== undefined) && { body: extra.raw ?? JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Reply["json"], headers: res.headers };
}

/** The account's purchases (its funding left out). */
const purchasesOf = async (userId: string) =>
  (await server.db.select().from(transactions).where(eq(transactions.userId, userId))).filter(
    (row) => row.kind !== "funding",
  );

describe("the reseller API in the market's dialect", () => {
  it("answers the account with its wallet in naira and the data plans at its level", async () => {
    const reseller = await resellerWithKey(naira(5_000));
    const answer = await dialect("GET", "user/", reseller.key);
    expect(answer.status).toBe(200);
    const user = answer.json.user as Record<string, string>;
    expect(user).toMatchObject({ email: reseller.email, wallet_balance: "5000.00", user_type: "Reseller" });
    const dataplans = answer.json.Dataplans as Record<string, { ALL: Array<Record<string, unknown>> }>;
    expect(Object.keys(dataplans)).toEqual(["MTN_PLAN", "GLO_PLAN", "9MOBILE_PLAN", "AIRTEL_PLAN"]);
    const customerPlans = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: (await server.signedInCustomer()).token,
      params: { id: 1 },
    });
    const mtn = dataplans.MTN_PLAN?.ALL ?? [];
    expect(mtn.map((p) => Number(p.dataplan_id))).toEqual(customerPlans.map((p) => p.id));
    for (const plan of mtn) {
      const theirs = customerPlans.find((p) => p.id === plan.id);
      // The reseller's price is at most the customer's, in naira.
      expect(Math.round(Number(plan.plan_amount) * 100)).toBeLessThanOrEqual(theirs?.price ?? 0);
      expect(plan).toMatchObject({ network: 1, plan_network: "MTN" });
    }
    expect(
      mtn.some(
        (p) =>
          Math.round(Number(p.plan_amount) * 100) < (customerPlans.find((c) => c.id === p.id)?.price ?? 0),
      ),
    ).toBe(true);
  });

  it("buys airtime without a PIN, and answers the record by id and in the list", async () => {
    const reseller = await resellerWithKey(naira(5_000));
    const bought = await dialect("POST", "topup/", reseller.key, {
      network: "1",
      amount: "500",
      mobile_number: "08031234567",
      Ported_number: true,
      airtime_type: "VTU",
    });
    expect(bought.status).toBe(201);
    expect(bought.json).toMatchObject({
      Status: "successful",
      refund: false,
      network: 1,
      mobile_number: "08031234567",
      amount: "500.00",
      balance_before: "5000.00",
      request_id: null,
    });
    const paid = Math.round(Number(bought.json.paid_amount) * 100);
    expect(paid).toBeLessThan(naira(500));
    expect(Number(bought.json.balance_after)).toBe(5000 - paid / 100);
    expect(String(bought.json.create_date)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+01:00$/);
    expect(await walletBalance(server.db, reseller.id)).toBe(naira(5_000) - paid);

    const again = await dialect("GET", `topup/${bought.json.id}/`, reseller.key);
    expect(again.json).toEqual(bought.json);
    const list = await dialect("GET", "topup/", reseller.key);
    expect(list.json).toMatchObject({ count: 1, next: null, previous: null, results: [bought.json] });
    expect((await dialect("GET", `data/${bought.json.id}/`, reseller.key)).status).toBe(404);

    const other = await resellerWithKey(naira(100));
    expect(await dialect("GET", `topup/${bought.json.id}/`, other.key)).toMatchObject({
      status: 404,
      json: { detail: "Not found." },
    });
  });

  it("buys data by our plan id, TV by our ids and electricity with its token, from a form or JSON", async () => {
    const reseller = await resellerWithKey(naira(40_000));
    const data = await dialect("POST", "data/", reseller.key, {
      network: 1,
      plan: 1,
      mobile_number: "08031234567",
    });
    expect(data.status).toBe(201);
    expect(data.json).toMatchObject({ Status: "successful", network: 1, plan: 1 });
    const wrongNetwork = await dialect("POST", "data/", reseller.key, {
      network: 2,
      plan: 1,
      mobile_number: "08031234567",
    });
    expect(wrongNetwork).toMatchObject({
      status: 400,
      json: { error: ["Plan 1 is not a plan of network 2."] },
    });

    const iuc = await dialect("GET", "validateiuc?smart_card_number=7023456789&cablename=1", reseller.key);
    expect(iuc.json).toMatchObject({ invalid: false, name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    const unknownCard = await dialect(
      "GET",
      "validateiuc?smart_card_number=1234564444&cablename=2",
      reseller.key,
    );
    expect(unknownCard.json).toMatchObject({ invalid: true });
    const tv = await dialect("POST", "cablesub/", reseller.key, undefined, {
      raw: "cablename=1&cableplan=1&smart_card_number=7023456789",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(tv.status).toBe(201);
    expect(tv.json).toMatchObject({
      Status: "successful",
      cablename: 1,
      cableplan: 1,
      smart_card_number: "7023456789",
    });

    const meter = await dialect(
      "GET",
      "validatemeter?meternumber=45071234567&disconame=6&mtype=prepaid",
      reseller.key,
    );
    expect(meter.json).toMatchObject({
      invalid: false,
      name: expect.any(String),
      address: expect.any(String),
    });
    const power = await dialect("POST", "billpayment/", reseller.key, {
      disco_name: 6,
      amount: 3000,
      meter_number: "45071234567",
      MeterType: 1,
    });
    expect(power.status).toBe(201);
    expect(power.json).toMatchObject({
      Status: "successful",
      disco_name: 6,
      MeterType: 1,
      amount: "3000.00",
    });
    expect(String(power.json.token)).toMatch(/\d{4}/);
  });

  it("answers a pending purchase as processing, and the same record once it settles", async () => {
    const reseller = await resellerWithKey(naira(2_000));
    const bought = await dialect("POST", "topup/", reseller.key, {
      network: 1,
      amount: 200,
      mobile_number: "08031231111",
    });
    expect(bought.json).toMatchObject({ Status: "processing", refund: false });
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    server.clock.advance(2_000);
    await requeryDue(server.deps);
    const settled = await dialect("GET", `topup/${bought.json.id}/`, reseller.key);
    expect(settled.json).toEqual({ ...bought.json, Status: "successful", api_response: expect.any(String) });
    const failed = await dialect("POST", "topup/", reseller.key, {
      network: 1,
      amount: 200,
      mobile_number: "08031230000",
    });
    expect(failed.json).toMatchObject({ Status: "failed", refund: true });
    expect(failed.json.balance_after).toBe(failed.json.balance_before);
  });

  it("makes a call idempotent on request_id, and without one refuses the same purchase within 30 seconds", async () => {
    const reseller = await resellerWithKey(naira(5_000));
    const body = {
      network: 1,
      amount: 100,
      mobile_number: "08031234567",
      request_id: "Airtime_20261127_0001",
    };
    const first = await dialect("POST", "topup/", reseller.key, body);
    const second = await dialect("POST", "topup/", reseller.key, body);
    expect(second.json).toEqual(first.json);
    expect(first.json.request_id).toBe("Airtime_20261127_0001");
    expect(await purchasesOf(reseller.id)).toHaveLength(1);
    const reused = await dialect("POST", "topup/", reseller.key, { ...body, amount: 200 });
    expect(reused).toMatchObject({ status: 400, json: { error: [expect.stringContaining("request_id")] } });

    const plain = { network: 1, amount: 300, mobile_number: "08039876543" };
    expect((await dialect("POST", "topup/", reseller.key, plain)).status).toBe(201);
    const twice = await dialect("POST", "topup/", reseller.key, plain);
    expect(twice.status).toBe(400);
    expect(twice.json.error?.[0]).toMatch(/less than 30 seconds ago/);
    server.clock.advance(31_000);
    expect((await dialect("POST", "topup/", reseller.key, plain)).status).toBe(201);
    expect(await purchasesOf(reseller.id)).toHaveLength(3);
  });

  it("refuses bad input in the dialect's words, numbers past their columns too, and buys nothing", async () => {
    const reseller = await resellerWithKey(naira(1_000));
    const cases: Array<[string, unknown, RegExp]> = [
      ["topup/", { network: 1, amount: 100 }, /mobile_number/],
      ["topup/", { network: 1, amount: "ten", mobile_number: "08031234567" }, /amount/i],
      ["topup/", { network: 9, amount: 100, mobile_number: "08031234567" }, /network/i],
      ["topup/", { network: 1, amount: 100, mobile_number: "0803123456" }, /mobile_number/],
      [
        "topup/",
        { network: 1, amount: 100, mobile_number: "08031234567", airtime_type: "Share and Sell" },
        /VTU/,
      ],
      [
        "topup/",
        { network: 1, amount: 100, mobile_number: "08031234567", request_id: "no spaces" },
        /request_id/,
      ],
      ["data/", { plan: "x", mobile_number: "08031234567" }, /plan/i],
      [
        "billpayment/",
        { disco_name: 6, amount: 3000, meter_number: "45071234567", MeterType: 3 },
        /MeterType/,
      ],
      ["topup/", { network: 1, amount: 5_000, mobile_number: "08031234567" }, /Insufficient balance/],
      // Past what a column holds: refused in the schema's words, never handed to a query.
      [
        "topup/",
        { network: 32_768, amount: 100, mobile_number: "08031234567" },
        /^network must be a number from 1 to 32767\.$/,
      ],
      [
        "topup/",
        { network: 1, amount: "1000000000.01", mobile_number: "08031234567" },
        /^amount must be an amount in naira, from 0\.01 to 1000000000\.$/,
      ],
      [
        "data/",
        { plan: 2 ** 31, mobile_number: "08031234567" },
        /^plan must be a number from 1 to 2147483647\.$/,
      ],
      [
        "data/",
        { plan: 1, network: "999999999", mobile_number: "08031234567" },
        /^network must be a number from 1 to 32767\.$/,
      ],
      [
        "cablesub/",
        { cablename: 32_768, cableplan: 1, smart_card_number: "7023456789" },
        /^cablename must be a number from 1 to 32767\.$/,
      ],
      [
        "cablesub/",
        { cablename: 1, cableplan: "2147483648", smart_card_number: "7023456789" },
        /^cableplan must be a number from 1 to 2147483647\.$/,
      ],
      [
        "billpayment/",
        { disco_name: 999_999_999, amount: 3000, meter_number: "45071234567", MeterType: 1 },
        /^disco_name must be a number from 1 to 32767\.$/,
      ],
    ];
    for (const [path, body, words] of cases) {
      const answer = await dialect("POST", path, reseller.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error?.[0], JSON.stringify(body)).toMatch(words);
    }
    expect(await dialect("POST", "topup/", reseller.key, undefined, { raw: "{not json" })).toMatchObject({
      status: 400,
    });
    for (const type of ["multipart/form-data; boundary=x", "multipart/form-data"]) {
      const form = await dialect("POST", "topup/", reseller.key, undefined, {
        raw: "not a form",
        headers: { "content-type": type },
      });
      expect(form, type).toMatchObject({
        status: 400,
        json: { error: ["The request body is not a form the API can read."] },
      });
    }
    for (const [path, words] of [
      [
        "validateiuc?smart_card_number=7023456789&cablename=32768",
        "cablename must be a number from 1 to 32767.",
      ],
      [
        "validatemeter?meternumber=45071234567&disconame=999999999&mtype=prepaid",
        "disconame must be a number from 1 to 32767.",
      ],
      [
        "validatemeter?meternumber=45071234567&disconame=6&mtype=3",
        "mtype must be 1 (prepaid) or 2 (postpaid).",
      ],
      ...["100000000000000000000", "1e20", "100001", "0", "-3", "two"].map((page) => [
        `topup/?page=${page}`,
        "page must be a number from 1 to 100000.",
      ]),
    ]) {
      expect(await dialect("GET", path as string, reseller.key), path).toMatchObject({
        status: 400,
        json: { error: [words] },
      });
    }
    // The last page that may be asked for answers, empty past the account's purchases.
    expect(await dialect("GET", "topup/?page=100000", reseller.key)).toMatchObject({
      status: 200,
      json: { count: 0, next: null, results: [] },
    });
    const huge = await dialect("POST", "topup/", reseller.key, { note: "x".repeat(17 * 1024) });
    expect(huge.status).toBe(413);
    expect(await purchasesOf(reseller.id)).toEqual([]);
    expect(await walletBalance(server.db, reseller.id)).toBe(naira(1_000));
  });

  it("refuses a missing, unknown or revoked key, an address not allowed, and an account without API access", async () => {
    const reseller = await resellerWithKey(naira(1_000), {
      keyBody: { allowed_ips: ["102.89.3.4", "2001:db8::7"] },
    });
    const buy = { network: 1, amount: 100, mobile_number: "08031234567" };
    expect(await dialect("POST", "topup/", null, buy)).toMatchObject({
      status: 401,
      json: { detail: "Authentication credentials were not provided." },
    });
    const forged = `${reseller.key.slice(0, 17)}${"A".repeat(43)}`;
    for (const key of [forged, "ojk_nothing", `${reseller.key}x`])
      expect(await dialect("POST", "topup/", key, buy)).toMatchObject({
        status: 401,
        json: { detail: "Invalid token." },
      });
    expect((await dialect("GET", "user/", reseller.key, undefined, { from: "2001:db8:0:0::7" })).status).toBe(
      200,
    );
    expect(await dialect("POST", "topup/", reseller.key, buy, { from: "102.89.3.5" })).toMatchObject({
      status: 403,
      json: { detail: "This token may not be used from 102.89.3.5." },
    });

    await setLevel(reseller.id, "agent");
    expect(await dialect("POST", "topup/", reseller.key, buy)).toMatchObject({
      status: 403,
      json: { detail: "API access is for the Reseller and API levels." },
    });
    await setLevel(reseller.id, "api");
    expect((await dialect("POST", "topup/", reseller.key, buy)).status).toBe(201);

    await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: reseller.token,
      params: { id: reseller.keyId },
    });
    expect(await dialect("POST", "topup/", reseller.key, buy)).toMatchObject({
      status: 401,
      json: { detail: "Invalid token." },
    });
    expect(await purchasesOf(reseller.id)).toHaveLength(1);
  });

  it("lets a key make 30 calls at once and then 10 a second, answering 429 with Retry-After beyond", async () => {
    const reseller = await resellerWithKey(naira(100));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await dialect("GET", "user/", reseller.key)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await dialect("GET", "user/", reseller.key);
    expect(limited.status).toBe(429);
    expect(limited.json.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    server.clock.advance(1_000);
    const after: number[] = [];
    for (let i = 0; i < 11; i++) after.push((await dialect("GET", "user/", reseller.key)).status);
    expect(after).toEqual([...Array(10).fill(200), 429]);
  });

  it("counts calls made at once exactly: 40 together let 30 in", async () => {
    const reseller = await resellerWithKey(naira(100));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => dialect("GET", "user/", reseller.key)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it("keeps a key within its daily cap however many purchases come at once", async () => {
    const reseller = await resellerWithKey(naira(5_000), { keyBody: { daily_cap: naira(1_000) } });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        dialect("POST", "topup/", reseller.key, { network: 1, amount: 200, mobile_number: `0803123450${i}` }),
      ),
    );
    const paid = answers
      .filter((a) => a.status === 201)
      .map((a) => Math.round(Number(a.json.paid_amount) * 100));
    expect(paid.reduce((sum, kobo) => sum + kobo, 0)).toBeLessThanOrEqual(naira(1_000));
    expect(paid).toHaveLength(5);
    expect(
      answers.filter((a) => a.status === 400).every((a) => /daily cap/.test(a.json.error?.[0] ?? "")),
    ).toBe(true);
  });

  it("stops a key at its daily cap, counting only what it still holds or delivered", async () => {
    const reseller = await resellerWithKey(naira(5_000), { keyBody: { daily_cap: naira(1_000) } });
    const buy = (amount: number, phone: string) =>
      dialect("POST", "topup/", reseller.key, { network: 1, amount, mobile_number: phone });
    expect((await buy(600, "08031234567")).status).toBe(201);
    expect((await buy(300, "08031230000")).json).toMatchObject({ Status: "failed" });
    const over = await buy(500, "08031234568");
    expect(over.status).toBe(400);
    expect(over.json.error?.[0]).toMatch(/daily cap of ₦1,000\.00/);
    expect((await buy(300, "08031234569")).status).toBe(201);
  });
});
