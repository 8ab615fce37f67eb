import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { maxLiveApiKeys } from "../../schemas/apiKeys";
import type { LevelSlug } from "../../schemas/levelSlugs";
import { apiKeys } from "../../server/db/schema";
import { signingSecretOf } from "../../server/services/resellers/apiKeys";
import { serverForFile } from "./support/serverForFile";
import { ipv6CarryingPrivate, ipv6Public } from "./support/webhookAddresses";

let admin: { token: string };

const server = serverForFile({ TRUST_PROXY: "1" });
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

const keyShape = /^ojk_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/;

/** A customer at `level` and KYC `tier`, both set by an admin. */
async function customerAt(level: LevelSlug, tier: 1 | 2 | 3) {
  const customer = await server.signedInCustomer();
  await server.sendOk("PATCH /sys.admin/users/:id", {
    token: admin.token,
    params: { id: customer.id },
    body: { level },
  });
  if (tier > 1)
    await server.sendOk("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: customer.id },
      body: { tier, reason: "Checked for the API key tests" },
    });
  return customer;
}

/** Whether the key lets its holder in (the market dialect's account answer, from an address it allows). */
async function keyWorks(key: string): Promise<boolean> {
  const res = await server.app.request("/reseller/api/user/", {
    headers: { authorization: `Token ${key}`, "x-forwarded-for": "102.89.1.7" },
  });
  if (res.status !== 200 && res.status !== 401) throw new Error(`the key check answered ${res.status}`);
  return res.status === 200;
}

const create = (token: string, body: unknown) =>
  server.send("POST /core/customer/api-keys", { token, body: body as { name: string } });

describe("API keys", () => {
  it("are made for a reseller at tier 2, shown once with a signing secret, and kept only as a hash", async () => {
    const reseller = await customerAt("reseller", 2);
    const made = await create(reseller.token, {
      name: "Shop website",
      webhook_url: "https://shop.example.com/ojapay",
      allowed_ips: ["102.89.1.7", "2001:db8::1"],
      daily_cap: 5_000_000,
    });
    expect(made.status).toBe(201);
    const created = made.data;
    if (!created) throw new Error("no key");
    expect(created.key).toMatch(keyShape);
    expect(created.key.slice(4, 16)).toBe(created.prefix);
    expect(created).toMatchObject({
      name: "Shop website",
      webhook_url: "https://shop.example.com/ojapay",
      allowed_ips: ["102.89.1.7", "2001:db8::1"],
      rate_per_second: 10,
      burst: 30,
      daily_cap: 5_000_000,
      revoked_at: null,
    });
    expect(created.signing_secret).toBe(signingSecretOf(server.deps.config.totpKey, created.id));

    const listed = await server.send("GET /core/customer/api-keys", { token: reseller.token });
    expect(listed.data?.map((k) => k.id)).toEqual([created.id]);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);
    expect(JSON.stringify(listed.body)).not.toContain(created.signing_secret);
    expect(Object.keys(listed.data?.[0] ?? {})).not.toContain("key");

    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(17));
    expect(JSON.stringify(row)).not.toContain(created.signing_secret);
    expect(await keyWorks(created.key)).toBe(true);
  });

  it("are refused below the Reseller level or below tier 2, and nothing is written", async () => {
    for (const [level, tier, msg] of [
      ["customer", 3, "API keys are for the Reseller and API levels. Upgrade your level first."],
      ["agent", 3, "API keys are for the Reseller and API levels. Upgrade your level first."],
      ["api", 1, "API keys need KYC tier 2: verify your BVN or NIN on your profile first."],
    ] as const) {
      const customer = await customerAt(level, tier);
      const refused = await create(customer.token, { name: "Bot" });
      expect(refused.status, level).toBe(403);
      expect(refused.body.msg).toBe(msg);
      expect(await server.db.select().from(apiKeys).where(eq(apiKeys.userId, customer.id))).toEqual([]);
    }
    const staff = await server.signedInOperator("staff");
    expect((await create(staff.token, { name: "Bot" })).status).toBe(403);
    expect((await server.send("GET /core/customer/api-keys", {})).status).toBe(401);
  });

  it("refuse bad input by field", async () => {
    const reseller = await customerAt("api", 2);
    const cases: Array<[unknown, string]> = [
      [{ name: " " }, "name"],
      [{ name: "x".repeat(41) }, "name"],
      [{ name: "Bot", webhook_url: "http://shop.example.com/hook" }, "webhook_url"],
      [{ name: "Bot", webhook_url: "https://user:pass@shop.example.com/hook" }, "webhook_url"],
      [{ name: "Bot", webhook_url: "not a url" }, "webhook_url"],
      [{ name: "Bot", allowed_ips: ["102.89.1"] }, "allowed_ips"],
      [{ name: "Bot", allowed_ips: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) }, "allowed_ips"],
      [{ name: "Bot", daily_cap: 50 }, "daily_cap"],
      [{ name: "Bot", daily_cap: 100.5 }, "daily_cap"],
      [{ name: "Bot", rate_per_second: 1000 }, "rate_per_second"],
    ];
    for (const [body, field] of cases) {
      const res = await create(reseller.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await server.db.select().from(apiKeys).where(eq(apiKeys.userId, reseller.id))).toEqual([]);
  });

  it("refuse a webhook URL naming a private address outright, in any IPv6 form, as it is set and as it is changed", async () => {
    const reseller = await customerAt("reseller", 2);
    const refused = [
      "https://127.0.0.1/hook",
      "https://10.1.2.3:8443/hook",
      "https://169.254.169.254/latest/meta-data",
      ...ipv6CarryingPrivate.map((address) => `https://[${address}]/hook`),
    ];
    for (const webhook_url of refused) {
      const res = await create(reseller.token, { name: "Bot", webhook_url });
      expect(res.status, webhook_url).toBe(400);
      expect(res.body.fields?.webhook_url?.[0], webhook_url).toMatch(/^Use a public address: .+ is private/);
    }
    expect(await server.db.select().from(apiKeys).where(eq(apiKeys.userId, reseller.id))).toEqual([]);

    const made = await server.sendOk("POST /core/customer/api-keys", {
      token: reseller.token,
      body: { name: "Bot", webhook_url: "https://shop.example.com/hook" },
    });
    const setUrl = (webhook_url: string) =>
      server.send("PATCH /core/customer/api-keys/:id", {
        token: reseller.token,
        params: { id: made.id },
        body: { webhook_url },
      });
    for (const webhook_url of refused) {
      const res = await setUrl(webhook_url);
      expect(res.status, webhook_url).toBe(400);
      expect(res.body.fields, webhook_url).toHaveProperty("webhook_url");
    }
    const [kept] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(kept?.webhookUrl).toBe("https://shop.example.com/hook");
    // A public address written out is set like a name.
    for (const address of ipv6Public)
      expect((await setUrl(`https://[${address}]/hook`)).status, address).toBe(200);
    expect((await setUrl("https://102.89.3.4/hook")).status).toBe(200);
  });

  it("are revoked at once by their owner only, and a revoked or forged key finds nothing", async () => {
    const owner = await customerAt("reseller", 3);
    const other = await customerAt("reseller", 3);
    const key = await server.sendOk("POST /core/customer/api-keys", {
      token: owner.token,
      body: { name: "Bot" },
    });
    const stranger = await server.send("DELETE /core/customer/api-keys/:id", {
      token: other.token,
      params: { id: key.id },
    });
    expect(stranger.status).toBe(404);
    expect(await keyWorks(key.key)).toBe(true);

    const forged = `${key.key.slice(0, 17)}${"A".repeat(43)}`;
    expect(await keyWorks(forged)).toBe(false);
    for (const malformed of ["", key.key.slice(0, -1), `${key.key}x`, key.key.toUpperCase()])
      expect(await keyWorks(malformed)).toBe(false);

    const revoked = await server.send("DELETE /core/customer/api-keys/:id", {
      token: owner.token,
      params: { id: key.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.data?.revoked_at).not.toBeNull();
    expect(await keyWorks(key.key)).toBe(false);
    // Again: answered as it stands, revoked once.
    const again = await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: owner.token,
      params: { id: key.id },
    });
    expect(again.revoked_at).toBe(revoked.data?.revoked_at);
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "api_key.revoke" },
    });
    expect(audit.results.filter((e) => e.target.id === key.id)).toHaveLength(1);
    expect(
      (
        await server.send("DELETE /core/customer/api-keys/:id", {
          token: owner.token,
          params: { id: "nope" },
        })
      ).status,
    ).toBe(404);
  });

  it(`hold at most ${maxLiveApiKeys} live keys an account, however many are asked for at once`, async () => {
    const reseller = await customerAt("reseller", 2);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => create(reseller.token, { name: `Bot ${i + 1}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(maxLiveApiKeys);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(40 - maxLiveApiKeys);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([400]));
    expect(refused[0]?.body.msg).toBe(
      `You hold ${maxLiveApiKeys} keys already. Revoke one you no longer use first.`,
    );
    const live = await server.sendOk("GET /core/customer/api-keys", { token: reseller.token });
    expect(live).toHaveLength(maxLiveApiKeys);
    // Revoking one makes room for one.
    await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: reseller.token,
      params: { id: live[0]?.id ?? "" },
    });
    expect((await create(reseller.token, { name: "Replacement" })).status).toBe(201);
    expect((await create(reseller.token, { name: "One too many" })).status).toBe(400);
  });

  it("are listed for admins with whose each is, and any of them revoked from the console, audited", async () => {
    const reseller = await customerAt("reseller", 2);
    const key = await server.sendOk("POST /core/customer/api-keys", {
      token: reseller.token,
      body: { name: "Leaked" },
    });
    const listed = await server.sendOk("GET /sys.admin/api-keys", {
      token: admin.token,
      query: { live: "true" },
    });
    const row = listed.results.find((k) => k.id === key.id);
    expect(row).toMatchObject({
      name: "Leaked",
      owner: { id: reseller.id, level: "reseller" },
      revoked_at: null,
    });
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const revoked = await server.sendOk("DELETE /sys.admin/api-keys/:id", {
      token: admin.token,
      params: { id: key.id },
    });
    expect(revoked.revoked_at).not.toBeNull();
    expect(await keyWorks(key.key)).toBe(false);
    const live = await server.sendOk("GET /sys.admin/api-keys", {
      token: admin.token,
      query: { live: "true" },
    });
    expect(live.results.map((k) => k.id)).not.toContain(key.id);
    const gone = await server.sendOk("GET /sys.admin/api-keys", {
      token: admin.token,
      query: { live: "false" },
    });
    expect(gone.results.map((k) => k.id)).toContain(key.id);
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "api_key.revoke" },
    });
    expect(audit.results.find((e) => e.target.id === key.id)?.actor).toMatchObject({
      email: expect.stringContaining("@"),
    });

    // Staff and customers may do neither; an unknown key is 404; a bad filter is 400.
    const staff = await server.signedInOperator("staff");
    for (const token of [staff.token, reseller.token]) {
      expect((await server.send("GET /sys.admin/api-keys", { token })).status).toBe(403);
      expect(
        (await server.send("DELETE /sys.admin/api-keys/:id", { token, params: { id: key.id } })).status,
      ).toBe(403);
    }
    expect(
      (
        await server.send("DELETE /sys.admin/api-keys/:id", {
          token: admin.token,
          params: { id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
    const badFilter = await server.send("GET /sys.admin/api-keys", {
      token: admin.token,
      query: { live: "yes" as "true" },
    });
    expect(badFilter.status).toBe(400);
    expect(Object.keys(badFilter.body.fields ?? {})).toEqual(["live"]);
  });

  it("have their limits changed by an admin, at once for every call, audited; bad limits refused by field", async () => {
    const reseller = await customerAt("reseller", 2);
    const key = await server.sendOk("POST /core/customer/api-keys", {
      token: reseller.token,
      body: { name: "Busy shop", daily_cap: 10_000_00 },
    });
    const limit = (body: unknown, id = key.id) =>
      server.send("PATCH /sys.admin/api-keys/:id", {
        token: admin.token,
        params: { id },
        body: body as never,
      });
    const calls = async (n: number) => {
      const statuses: boolean[] = [];
      for (let i = 0; i < n; i++) statuses.push(await keyWorks(key.key).catch(() => false));
      return statuses;
    };

    const tight = await limit({ rate_per_second: 2, burst: 2 });
    expect(tight.data).toMatchObject({ rate_per_second: 2, burst: 2, daily_cap: 10_000_00 });
    expect(await calls(3)).toEqual([true, true, false]);
    server.clock.advance(1_000);
    const wide = await limit({ rate_per_second: 100, burst: 200, daily_cap: null });
    expect(wide.data).toMatchObject({ rate_per_second: 100, burst: 200, daily_cap: null });
    expect((await calls(150)).every(Boolean)).toBe(true);

    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "api_key.update" },
    });
    const mine = audit.results.filter((entry) => entry.target.id === key.id);
    expect(mine).toHaveLength(2);

    for (const [body, field] of [
      [{}, "_"],
      [{ rate_per_second: 0 }, "rate_per_second"],
      [{ rate_per_second: 1.5 }, "rate_per_second"],
      [{ burst: 50 }, "burst"],
      [{ daily_cap: 50 }, "daily_cap"],
      [{ name: "x" }, "name"],
    ] as const) {
      const refused = await limit(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await limit({ burst: 300 }, crypto.randomUUID())).status).toBe(404);
    await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: reseller.token,
      params: { id: key.id },
    });
    expect((await limit({ burst: 300 })).status).toBe(404);
    expect(
      (
        await server.send("PATCH /sys.admin/api-keys/:id", {
          token: reseller.token,
          params: { id: key.id },
          body: { burst: 300 },
        })
      ).status,
    ).toBe(403);
  });
});
