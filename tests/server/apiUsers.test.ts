import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, transactions } from "../../server/db/schema";
import { lagosMonth } from "../../server/lagosCalendar";
import { keyHolder } from "./support/keyHolders";
import { naira, serverForFile } from "./support/serverForFile";
import { countStatements } from "./support/statementCounter";

// The console's API users (GET sys.admin/api-users): the accounts holding keys, ranked by what they
// bought with them this Lagos month. The test clock starts on 2 March 2026, 10:00 in Lagos.

let admin: { token: string };

const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

/** A surname no other test's account has, so a search finds only this test's accounts. */
const surname = () =>
  `Api${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** A funded reseller at tier 2 with one key. */
const resellerWithKey = (names: { first_name: string; last_name: string }, kobo = naira(20_000)) =>
  keyHolder(server, { kobo, names });

/** Airtime bought as a reseller's script buys it: the market's dialect, naira, no PIN. */
async function topUp(key: string, amount: number, phone = "08031234567") {
  const res = await server.app.request("/reseller/api/topup/", {
    method: "POST",
    headers: { authorization: `Token ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ network: 1, amount, mobile_number: phone }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(500);
  // The 30-second guard refuses the same purchase again; the next call is a different moment.
  server.clock.advance(31_000);
}

/** What the account's key purchases of the given statuses took from its wallet, read from the rows. */
async function keyPurchases(userId: string, statuses: Array<"successful" | "pending" | "failed">) {
  const rows = await server.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        isNotNull(transactions.apiKeyId),
        inArray(transactions.status, statuses),
      ),
    );
  return { count: rows.length, total: rows.reduce((sum, row) => sum + row.total, 0) };
}

const apiUsers = (query: { search?: string; page?: number; page_size?: number }) =>
  server.sendOk("GET /sys.admin/api-users", { token: admin.token, query });

describe("the console's API users", () => {
  it("count by the Lagos month, which begins an hour before the UTC one and rolls over the year", () => {
    const iso = ({ start, end }: { start: Date; end: Date }) => [start.toISOString(), end.toISOString()];
    // 23:30 UTC on 31 December is 00:30 on 1 January in Lagos.
    expect(iso(lagosMonth(new Date("2026-12-31T23:30:00Z")))).toEqual([
      "2026-12-31T23:00:00.000Z",
      "2027-01-31T23:00:00.000Z",
    ]);
    expect(iso(lagosMonth(new Date("2026-12-31T22:59:59Z")))).toEqual([
      "2026-11-30T23:00:00.000Z",
      "2026-12-31T23:00:00.000Z",
    ]);
  });

  it("count this Lagos month's successful and pending key purchases, highest volume first", async () => {
    const family = surname();
    const early = await resellerWithKey({ first_name: "Early", last_name: family });
    const busy = await resellerWithKey({ first_name: "Busy", last_name: family });
    const idle = await resellerWithKey({ first_name: "Idle", last_name: family });
    // The idle account has revoked its first key and holds a second, never used.
    await server.sendOk("DELETE /core/customer/api-keys/:id", {
      token: idle.token,
      params: { id: idle.keyId },
    });
    await server.sendOk("POST /core/customer/api-keys", { token: idle.token, body: { name: "New bot" } });

    await topUp(early.key, 2_000);
    const inMarch = await apiUsers({ search: family });
    expect(inMarch.results.map((u) => u.name)).toEqual([
      `Early ${family}`,
      expect.stringContaining(family),
      expect.stringContaining(family),
    ]);
    expect(inMarch.results[0]?.month_purchases).toBe(1);

    // 31 March, 23:59 in Lagos (22:59 UTC): still March. A minute later it is April in Lagos.
    server.clock.advance(Date.parse("2026-03-31T22:59:00Z") - server.clock.now().getTime());
    await topUp(early.key, 3_000);
    server.clock.advance(60_000);
    admin = await server.signedInOperator("admin");

    await topUp(early.key, 100);
    await topUp(early.key, 100, "08031230000"); // fails: its money went back
    await topUp(busy.key, 500);
    await topUp(busy.key, 400, "08031231111"); // pending: its money is held
    // Bought in the app with the PIN, not with a key: not API volume.
    const busyToken = await server.login(busy.email, busy.password);
    const inApp = await server.buyAirtime({ token: busyToken, pin: busy.pin }, "08031234567", naira(1_000));
    expect(inApp.data?.status).toBe("successful");

    const earlyApril = await keyPurchases(early.id, ["successful"]);
    expect(earlyApril.count).toBe(3); // March 2, March 31 and April 1
    expect((await keyPurchases(early.id, ["failed"])).count).toBe(1);
    const busyKept = await keyPurchases(busy.id, ["successful", "pending"]);
    expect(busyKept.count).toBe(2);
    expect((await keyPurchases(busy.id, ["pending"])).count).toBe(1);

    const inApril = await apiUsers({ search: family });
    expect(inApril.count).toBe(3);
    const [first, second, third] = inApril.results;
    const [earlyLastUse] = await server.db
      .select({ at: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.id, early.keyId));
    expect(first).toMatchObject({
      id: busy.id,
      email: busy.email,
      level: "reseller",
      kyc_tier: 2,
      live_keys: 1,
      revoked_keys: 0,
      month_purchases: 2,
      month_volume: busyKept.total,
    });
    expect(second).toMatchObject({
      id: early.id,
      name: `Early ${family}`,
      month_purchases: 1,
      last_used_at: earlyLastUse?.at?.toISOString(),
    });
    // Only the one ₦100 of April 1 in Lagos: less than either March purchase, and not the failed one.
    expect(second?.month_volume).toBeGreaterThan(0);
    expect(second?.month_volume).toBeLessThanOrEqual(naira(100));
    expect(third).toMatchObject({
      id: idle.id,
      live_keys: 1,
      revoked_keys: 1,
      last_used_at: null,
      month_purchases: 0,
      month_volume: 0,
    });
  });

  it("find accounts by part of the name, the whole name or the email, and page them", async () => {
    const family = surname();
    const ada = await resellerWithKey({ first_name: "Adaeze", last_name: family });
    const bola = await resellerWithKey({ first_name: "Bolanle", last_name: family });
    const ids = async (search: string) => (await apiUsers({ search })).results.map((u) => u.id);
    expect(await ids(`adaeze ${family}`)).toEqual([ada.id]);
    expect(await ids(bola.email.toUpperCase())).toEqual([bola.id]);
    expect(new Set(await ids(family))).toEqual(new Set([ada.id, bola.id]));
    expect(await ids("%")).not.toContain(ada.id);
    // A customer without keys is no API user, whatever the search.
    const plain = await server.signedInCustomer({ first_name: "Plain", last_name: family });
    expect(await ids(family)).not.toContain(plain.id);

    const pageTwo = await apiUsers({ search: family, page: 2, page_size: 1 });
    expect(pageTwo).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(pageTwo.results).toHaveLength(1);
  });

  it("are read in the same number of statements whatever the page size", async () => {
    const family = surname();
    for (const first of ["Chidi", "Dayo", "Emeka"]) {
      const reseller = await resellerWithKey({ first_name: first, last_name: family });
      await topUp(reseller.key, 100);
    }
    const read = (page_size: number) =>
      countStatements(server.db, () => apiUsers({ search: family, page_size }));
    await read(1); // the session read first, so both reads below find it held
    const one = await read(1);
    const all = await read(100);
    expect(all.result.results).toHaveLength(3);
    expect(one.result.results).toHaveLength(1);
    expect(all.count).toBe(one.count);
  });

  it("are for admins only, and a bad query is refused by field", async () => {
    const staff = await server.signedInOperator("staff");
    const customer = await server.signedInCustomer();
    for (const token of [staff.token, customer.token])
      expect((await server.send("GET /sys.admin/api-users", { token })).status).toBe(403);
    expect((await server.send("GET /sys.admin/api-users", {})).status).toBe(401);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ page: 0 }, "page"],
      [{ page: "two" }, "page"],
      [{ page_size: 101 }, "page_size"],
      [{ search: "x".repeat(101) }, "search"],
      [{ sort: "volume" }, "sort"],
    ];
    for (const [query, field] of cases) {
      const res = await server.send("GET /sys.admin/api-users", {
        token: admin.token,
        query: query as { search?: string },
      });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(query)).toEqual([field]);
    }
  });
});
