import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/db/schema";
import { boundaryCalls } from "./support/boundaryInputs";
import { bodyText, type HostileCall, hostileCall } from "./support/hostileInput";
import { keyHolder } from "./support/keyHolders";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { routesWithCallers } from "./support/routeCallers";
import { serverForFile } from "./support/serverForFile";
import { checkedEnvelope } from "./support/testServer";

// Every route of the route table, called with what a hostile or careless client sends: the answer is
// never a fault (5xx), always the envelope, a refusal always says why, and a refused call leaves no row behind.
// Seeded: a failure names its seed, and FUZZ_SEED replays it (FUZZ_RUNS sets how many calls).
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 400);
const replay = `FUZZ_SEED=${seed} npx vitest run --project '${process.env.TEST_DB === "postgres" ? "server:postgres" : "server:pglite"}' tests/server/routeFuzz.test.ts`;

let customer: { email: string; password: string; token: string };
let admin: { email: string; password: string; token: string };
let apiKey: string;
let routes: ReturnType<typeof routesWithCallers>;

const server = serverForFile();
beforeAll(async () => {
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

async function tokenFor(caller: HostileCall["caller"], template: string): Promise<string | undefined> {
  if (caller === "anonymous") return undefined;
  if (caller === "stale token") return "a".repeat(43);
  if (caller === "keyHolder") return apiKey;
  const who = caller === "admin" ? admin : customer;
  // Signing out ends the session it is sent with: that call gets a session of its own.
  if (template === "/auth/logout") return server.login(who.email, who.password);
  return who.token;
}

async function send(call: HostileCall, template: string) {
  const token = await tokenFor(call.caller, template);
  const body = call.method === "GET" ? undefined : bodyText(call.body);
  return request(call.method, call.path, call.query, body, call.contentType, token);
}

async function request(
  method: string,
  path: string,
  query: string,
  body: string | undefined,
  contentType: string | null,
  token: string | undefined,
) {
  const headers: Record<string, string> = {};
  if (contentType) headers["content-type"] = contentType;
  if (token) headers.authorization = `Bearer ${token}`;
  const url = `/api/${path}${query ? `?${query}` : ""}`;
  const res = await server.app.request(url, { method, headers, body });
  return { status: res.status, text: await res.text(), requestId: res.headers.get("x-request-id") };
}

/** The envelope every answer must be: no fault but a documented 503, a refusal saying why and naming its fields. */
function expectAnswered(status: number, text: string, requestId: string | null, label: string) {
  // The 503s the contract names are answers, not faults: the fuzz's own admin may have switched
  // emergency mode on, a product off, or pointed a product at a provider service that does not exist.
  if (status !== 503 || !/"code":"(sales_paused|product_unavailable|service_unavailable)"/.test(text))
    expect(status, label).toBeLessThan(500);
  let json: unknown;
  expect(() => {
    json = JSON.parse(text);
  }, label).not.toThrow();
  const answer = checkedEnvelope(status, json, label, requestId);
  // Read from the JSON itself: a field named "__proto__" is an own key there, and nowhere else.
  const fields = (json as { fields?: object }).fields;
  if (status >= 400) {
    expect(answer.status, label).toBe(false);
    expect(answer.msg.trim().length, label).toBeGreaterThan(3);
    if (fields) expect(Object.keys(fields).length, label).toBeGreaterThan(0);
  }
  return { fields: fields ? Object.keys(fields) : [] };
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
      expectAnswered(status, text, requestId, label);
      if (status >= 400) expect(await writtenRows(), label).toEqual(before);
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

describe("every number, day and time a route takes, at its boundaries", () => {
  // The callers who change what others may buy (staff and admins) go last, so the customer's and the
  // program's purchases meet their boundary values with the catalogue as it was.
  const order = ["anonymous", "customer", "keyHolder", "admin"];

  it(`refuses each past its schema's bounds as 400 naming it (404 in a path), and answers each within them without a fault (FUZZ_SEED=${seed})`, async () => {
    const sweep = [...routes]
      .sort((a, b) => order.indexOf(a.caller) - order.indexOf(b.caller))
      .flatMap((entry) => boundaryCalls(entry.route, seed).map((call) => ({ entry, call })));
    // The fields are found in each schema's JSON Schema: were zod to write it otherwise, the sweep
    // would not quietly shrink to nothing.
    expect(sweep.length).toBeGreaterThan(2_000);
    let rows = await writtenRows();
    for (const { entry, call } of sweep) {
      const token = await tokenFor(entry.caller, entry.route.path);
      const type = call.body === undefined ? null : "application/json";
      const { status, text, requestId } = await request(
        call.method,
        call.path,
        call.query,
        call.body,
        type,
        token,
      );
      const label = `${entry.label} ${call.field}=${call.value} as ${entry.caller} → ${status} ${text.slice(0, 300)} (${replay})`;
      const { fields } = expectAnswered(status, text, requestId, label);
      if (call.refused && call.field.startsWith("params.")) expect(status, label).toBe(404);
      else if (call.refused) {
        expect(status, label).toBe(400);
        expect([...fields].sort(), label).toEqual(call.refused);
      }
      // A read writes nothing, refused or not; a refused write must not have either.
      if (call.method === "GET") continue;
      if (status >= 400) expect(await writtenRows(), label).toEqual(rows);
      else rows = await writtenRows();
    }
    await expectLedgerConsistent(server.db);
  }, 240_000);
});
