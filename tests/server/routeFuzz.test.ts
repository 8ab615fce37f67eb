import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/db/schema";
import { bodyText, type HostileCall, hostileCall } from "./support/hostileInput";
import { keyHolder } from "./support/keyHolders";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { routesWithCallers } from "./support/routeCallers";
import { checkedEnvelope, createTestServer, type TestServer } from "./support/testServer";

// Every route of the route table, called with what a hostile or careless client sends: the answer is
// never a fault (5xx), always the envelope, a refusal always says why, and a refused call leaves no row behind.
// Seeded: a failure names its seed, and FUZZ_SEED replays it (FUZZ_RUNS sets how many calls).
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 400);
const replay = `FUZZ_SEED=${seed} npx vitest run --project '${process.env.TEST_DB === "postgres" ? "server:postgres" : "server:pglite"}' tests/server/routeFuzz.test.ts`;

let server: TestServer;
let customer: { email: string; password: string; token: string };
let admin: { email: string; password: string; token: string };
let apiKey: string;
let routes: ReturnType<typeof routesWithCallers>;

beforeAll(async () => {
  server = await createTestServer();
  customer = await server.fundedCustomer(100_000);
  admin = await server.signedInOperator("admin");
  const holder = await keyHolder(server, { level: "api" });
  // Raised past the fuzz's pace, so its calls reach their inputs rather than the key's rate limit.
  await server.db
    .update(apiKeys)
    .set({ ratePerSecond: 100_000, burst: 100_000 })
    .where(eq(apiKeys.id, holder.keyId));
  apiKey = holder.key;
  routes = routesWithCallers(server);
});
afterAll(() => server.close());

/** Rows a refused call must not have written. */
async function writtenRows() {
  const result = (await server.db.execute(sql`select
      (select count(*) from users) as users,
      (select count(*) from transactions) as transactions,
      (select count(*) from ledger_entries) as ledger_entries,
      (select count(*) from audit_log) as audit_log,
      (select count(*) from notifications) as notifications,
      (select count(*) from circulars) as circulars,
      (select count(*) from data_plans) as data_plans`)) as unknown as { rows: Record<string, unknown>[] };
  return Object.fromEntries(
    Object.entries(result.rows[0] ?? {}).map(([table, count]) => [table, Number(count)]),
  );
}

async function tokenFor(call: HostileCall, template: string): Promise<string | undefined> {
  if (call.caller === "anonymous") return undefined;
  if (call.caller === "stale token") return "a".repeat(43);
  if (call.caller === "keyHolder") return apiKey;
  const who = call.caller === "admin" ? admin : customer;
  // Signing out ends the session it is sent with: that call gets a session of its own.
  if (template === "/auth/logout") return server.login(who.email, who.password);
  return who.token;
}

async function send(call: HostileCall, template: string) {
  const headers: Record<string, string> = {};
  if (call.contentType) headers["content-type"] = call.contentType;
  const token = await tokenFor(call, template);
  if (token) headers.authorization = `Bearer ${token}`;
  const body = call.method === "GET" ? undefined : bodyText(call.body);
  const url = `/api/${call.path}${call.query ? `?${call.query}` : ""}`;
  const res = await server.app.request(url, { method: call.method, headers, body });
  return { status: res.status, text: await res.text(), requestId: res.headers.get("x-request-id") };
}

describe("every route of the route table, fuzzed", () => {
  it(`answers every hostile call with a 4xx envelope that says why, or a success, and writes nothing it refuses (FUZZ_SEED=${seed})`, async () => {
    const cases = fc.integer({ min: 0, max: routes.length - 1 }).chain((index) => {
      const entry = routes[index] as (typeof routes)[number];
      return hostileCall(entry.route, entry.caller).map((call) => ({ route: entry.label, call }));
    });
    const property = fc.asyncProperty(cases, async ({ route, call }) => {
      const template = route.slice(route.indexOf(" ") + 1);
      const before = await writtenRows();
      const { status, text, requestId } = await send(call, template);
      const label = `${call.method} ${call.path} (${route}) as ${call.caller} → ${status} ${text.slice(0, 300)}`;
      // The 503s the contract names are answers, not faults: the fuzz's own admin may have switched
      // emergency mode on, a product off, or pointed a product at a provider service that does not exist.
      if (status !== 503 || !/"code":"(sales_paused|product_unavailable|service_unavailable)"/.test(text))
        expect(status, label).toBeLessThan(500);
      let json: unknown;
      expect(() => {
        json = JSON.parse(text);
      }, label).not.toThrow();
      const answer = checkedEnvelope(status, json, label, requestId);
      if (status >= 400) {
        expect(answer.status, label).toBe(false);
        expect(answer.msg.trim().length, label).toBeGreaterThan(3);
        // Read from the JSON itself: a field named "__proto__" is an own key there, and nowhere else.
        const fields = (json as { fields?: object }).fields;
        if (fields) expect(Object.keys(fields).length, label).toBeGreaterThan(0);
        expect(await writtenRows(), label).toEqual(before);
      }
    });
    try {
      await fc.assert(property, { seed, numRuns: runs });
    } catch (error) {
      const { message, cause } = error as Error;
      throw new Error(`Replay: ${replay}\n${message}\n${cause instanceof Error ? cause.message : ""}`);
    }
    await expectLedgerConsistent(server.db);
  }, 120_000);
});
