import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminUserPatch } from "../../schemas/users";
import { createApp } from "../../server/app";
import { apiKeys, transactions } from "../../server/db/schema";
import { type KeyHolderOptions, keyHolder } from "./support/keyHolders";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

// Issue 34, item 8: an admin lowers a key owner's tier or level, or stops them transacting, on one
// instance; another instance that read the account less than a second ago (READ_CACHE_MS) must still
// answer a purchase as a fresh read would, and hold nothing it should not. Two apps on one database:
// the test server (reads afresh) is where admins change accounts, `other` keeps what it read.

let other: ReturnType<typeof createApp>;

const server = serverForFile();
beforeAll(async () => {
  other = createApp(
    { ...server.deps, config: { ...server.deps.config, readCacheMs: 1_000 } },
    { serveSpa: false },
  );
});

type App = Pick<ReturnType<typeof createApp>, "request">;

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: two dialects' answers, read field by field
  body: any;
}

async function reply(res: Response): Promise<Reply> {
  const body = (await res.json()) as Record<string, unknown>;
  // Each request has its own id; everything else must be alike.
  delete body.req_id;
  return { status: res.status, body };
}

const airtime = (phone: string, kobo = 500_00) => ({ kind: "airtime", network_id: 1, phone, amount: kobo });

/** A purchase through the v1 API, on `app`. */
const v1Buy = async (app: App, key: string, phone: string, kobo?: number) =>
  reply(
    await app.request("/api/v1/purchases/", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ ...airtime(phone, kobo), request_id: crypto.randomUUID() }),
    }),
  );

/** A purchase through the market's dialect, on `app`. */
const msorgBuy = async (app: App, key: string, phone: string) =>
  reply(
    await app.request("/reseller/api/topup/", {
      method: "POST",
      headers: { authorization: `Token ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ network: 1, amount: 500, mobile_number: phone }),
    }),
  );

/** The customer's own purchase, signed in, on `app`. */
const sessionBuy = async (app: App, c: { token: string; pin: string }, phone: string, kobo = 500_00) =>
  reply(
    await app.request("/api/core/customer/airtime/", {
      method: "POST",
      headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        network_id: 1,
        phone,
        amount: kobo,
        pin: c.pin,
        request_id: crypto.randomUUID(),
      }),
    }),
  );

/** What the account holds and has bought: a refused purchase leaves both as they were. */
const moneyOf = async (userId: string) => ({
  balance: await walletBalance(server.db, userId),
  purchases: (await server.db.select().from(transactions).where(eq(transactions.userId, userId))).filter(
    (row) => row.kind !== "funding",
  ).length,
});

/** Where the key's rate limit stands (`bucket_at`, in ms): each call counted moves it on by 1/rate. */
const bucketOf = async (keyId: string) => {
  const [key] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  return key?.bucketAt?.getTime() ?? 0;
};

/** MTN's data plans and their prices at the caller's level, read afresh (the test server keeps nothing). */
const mtnPlanPrices = async (token: string) =>
  new Map(
    (await server.sendOk("GET /core/customer/fetch/data/:id", { token, params: { id: 1 } })).map(
      (plan) => [plan.id, plan.price] as const,
    ),
  );

/** A plan two levels price apart, and its price at the level the account is at now. */
function pricedApart(before: Map<number, number>, after: Map<number, number>) {
  for (const [id, now] of after) {
    const was = before.get(id);
    if (was !== undefined && was !== now) return { id, now };
  }
  throw new Error("no plan is priced apart at the two levels: this test could not tell them apart");
}

const holder = (options: KeyHolderOptions = {}) => keyHolder(server, { kobo: 20_000_00, ...options });

/** An admin's change to the account, made on the test server (the other instance is not told). */
async function adminChanges(admin: { token: string }, id: string, change: "tier1" | AdminUserPatch) {
  if (change === "tier1")
    await server.sendOk("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id },
      body: { tier: 1, reason: "Documents withdrawn" },
    });
  else
    await server.sendOk("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id },
      body: change,
    });
}

const stops = [
  ["the KYC tier lowered to 1", "tier1", 403, "API access needs KYC tier 2."],
  [
    "the level moved to one without API access",
    { level: "customer" },
    403,
    "API access is for the Reseller and API levels.",
  ],
  ["the account stopped from transacting", { can_transact: false }, 403, null],
  ["the account deactivated", { is_active: false }, 403, null],
] as const;

describe("a key's purchase on an instance that read the account a moment ago", () => {
  for (const [what, change, status, words] of stops)
    it(`is refused as a fresh read refuses it, holding nothing, with ${what}`, async () => {
      const reseller = await holder();
      // The other instance reads the key and its account with a purchase of each dialect.
      expect((await v1Buy(other, reseller.key, "08031230001")).status).toBe(200);
      expect((await msorgBuy(other, reseller.key, "08031230002")).status).toBe(201);
      const before = await moneyOf(reseller.id);

      await adminChanges(reseller.admin, reseller.id, change);
      const v1 = await v1Buy(other, reseller.key, "08031230003");
      const msorg = await msorgBuy(other, reseller.key, "08031230004");
      expect(v1.status).toBe(status);
      expect(msorg.status).toBe(status);
      if (words) {
        expect(v1.body.msg).toBe(words);
        expect(msorg.body).toEqual({ detail: words });
      } else expect(v1.body.code).toBe("account_restricted");
      expect(await moneyOf(reseller.id)).toEqual(before);

      // The same refusals, word for word, as an instance that reads afresh gives.
      expect(v1).toEqual(await v1Buy(server.app, reseller.key, "08031230005"));
      expect(msorg).toEqual(await msorgBuy(server.app, reseller.key, "08031230006"));
    });

  it("is bought at the account's new level when an admin moved it to another level with API access", async () => {
    const reseller = await holder({ level: "reseller" });
    expect((await v1Buy(other, reseller.key, "08031230011")).status).toBe(200);
    const atReseller = await mtnPlanPrices(reseller.token);

    await adminChanges(reseller.admin, reseller.id, { level: "api" });
    const plan = pricedApart(atReseller, await mtnPlanPrices(reseller.token));
    const before = await moneyOf(reseller.id);
    const bucketBefore = await bucketOf(reseller.keyId);
    const onOther = await reply(
      await other.request("/api/v1/purchases/", {
        method: "POST",
        headers: { authorization: `Bearer ${reseller.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          kind: "data",
          plan_id: plan.id,
          phone: "08031230012",
          request_id: crypto.randomUUID(),
        }),
      }),
    );
    expect(onOther.status).toBe(200);
    expect(onOther.body.data.total).toBe(plan.now);
    expect(await moneyOf(reseller.id)).toEqual({
      balance: before.balance - plan.now,
      purchases: before.purchases + 1,
    });
    // Bought again as the account now is, yet one call against the key's rate limit (10 a second).
    expect((await bucketOf(reseller.keyId)) - bucketBefore).toBe(100);
  });

  it("meets the daily limit of the tier an admin lowered the account to, not the one it read", async () => {
    const admin = await server.signedInOperator("admin");
    const limits = await server.sendOk("GET /sys.admin/kyc-limits", { token: admin.token });
    // Tier 2 may buy ₦1,000 a day; tier 3 keeps its millions.
    const low = { ...limits, tier1_daily_limit: 1_000_00, tier2_daily_limit: 1_000_00 };
    await server.sendOk("PUT /sys.admin/kyc-limits", { token: admin.token, body: low });
    try {
      const reseller = await holder({ tier: 3 });
      expect((await v1Buy(other, reseller.key, "08031230021", 200_00)).status).toBe(200);
      const before = await moneyOf(reseller.id);
      await server.sendOk("POST /sys.admin/users/:id/kyc", {
        token: reseller.admin.token,
        params: { id: reseller.id },
        body: { tier: 2, reason: "Documents expired" },
      });
      const onOther = await v1Buy(other, reseller.key, "08031230022", 1_000_00);
      expect(onOther.status).toBe(400);
      expect(onOther.body.code).toBe("limit_reached");
      expect(await moneyOf(reseller.id)).toEqual(before);
      expect(onOther).toEqual(await v1Buy(server.app, reseller.key, "08031230023", 1_000_00));
    } finally {
      await server.sendOk("PUT /sys.admin/kyc-limits", { token: admin.token, body: limits });
    }
  });
});

describe("a customer's own purchase on an instance that read the session a moment ago", () => {
  const customer = async () => {
    const c = await server.fundedCustomer(20_000_00);
    const admin = await server.signedInOperator("admin");
    // The other instance reads the session with a purchase.
    expect((await sessionBuy(other, c, "08031230031")).status).toBe(200);
    return { c, admin, before: await moneyOf(c.id) };
  };

  it("is refused, holding nothing, once an admin stopped the account from transacting", async () => {
    const { c, admin, before } = await customer();
    await adminChanges(admin, c.id, { can_transact: false });
    const onOther = await sessionBuy(other, c, "08031230032");
    expect(onOther.status).toBe(403);
    expect(onOther.body.code).toBe("account_restricted");
    expect(await moneyOf(c.id)).toEqual(before);
    expect(onOther).toEqual(await sessionBuy(server.app, c, "08031230033"));
  });

  it("is refused as an ended session, holding nothing, once an admin deactivated the account", async () => {
    const { c, admin, before } = await customer();
    await adminChanges(admin, c.id, { is_active: false });
    const onOther = await sessionBuy(other, c, "08031230034");
    expect(onOther.status).toBe(401);
    expect(onOther.body.code).toBe("session_expired");
    expect(await moneyOf(c.id)).toEqual(before);
    expect(onOther).toEqual(await sessionBuy(server.app, c, "08031230035"));
  });

  it("is charged at the level an admin moved the account to meanwhile", async () => {
    const { c, admin } = await customer();
    const atCustomer = await mtnPlanPrices(c.token);
    await adminChanges(admin, c.id, { level: "agent" });
    const plan = pricedApart(atCustomer, await mtnPlanPrices(c.token));
    const onOther = await reply(
      await other.request("/api/core/customer/data-bundle/", {
        method: "POST",
        headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          plan_id: plan.id,
          phone: "08031230036",
          pin: c.pin,
          request_id: crypto.randomUUID(),
        }),
      }),
    );
    expect(onOther.status).toBe(200);
    expect(onOther.body.data.total).toBe(plan.now);
  });
});
