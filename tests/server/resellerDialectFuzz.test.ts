import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../server/db/schema";
import { keyHolder } from "./support/keyHolders";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { createTestServer, type TestServer } from "./support/testServer";

// The market's dialect called as a careless or hostile script calls it: any path of it, any method,
// bodies of the right fields with any values, forms, junk, any content type. Never a fault (5xx),
// always JSON; the ledger holds. Seeded: FUZZ_SEED replays a failure, FUZZ_RUNS sets how many calls.
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 300);

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await createTestServer();
  const holder = await keyHolder(server, { kobo: 300_000_00 });
  // Raised past the fuzz's pace, so its calls reach their inputs rather than the key's rate limit.
  await server.db
    .update(apiKeys)
    .set({ ratePerSecond: 100_000, burst: 100_000 })
    .where(eq(apiKeys.id, holder.keyId));
  key = holder.key;
});
afterAll(() => server.close());

const fields = [
  "network",
  "amount",
  "mobile_number",
  "plan",
  "cablename",
  "cableplan",
  "smart_card_number",
  "disco_name",
  "meter_number",
  "MeterType",
  "request_id",
  "airtime_type",
  "__proto__",
  "constructor",
];
const value = fc.oneof(
  fc.integer({ min: -10, max: 100_000 }),
  fc.constantFrom("1", "08031234567", "7023456789", "45071234567", "500", "1e9", "", " ", "0x1f", "prepaid"),
  fc.string({ maxLength: 30 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 }).map((object) => JSON.stringify(object)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom("", "null", "[]", "{", '{"network":1,"amount":100,"mobile_number":"08031234567"}'),
);
const call = fc.record({
  method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT", "DELETE"),
  path: fc.constantFrom(
    "user/",
    "topup/",
    "data/",
    "cablesub/",
    "billpayment/",
    "topup/not-a-uuid/",
    `data/${crypto.randomUUID()}/`,
    "validateiuc?smart_card_number=7023456789&cablename=1",
    "validateiuc?cablename=x",
    "validatemeter?meternumber=45071234567&disconame=6&mtype=9",
    "topup/?page=-3",
    "nothing/",
  ),
  body,
  type: fc.constantFrom(
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "text/plain",
    null,
  ),
});

describe("the market's dialect, fuzzed", () => {
  it(`answers every call with JSON and never a fault (FUZZ_SEED=${seed})`, async () => {
    const property = fc.asyncProperty(call, async ({ method, path, body, type }) => {
      const headers: Record<string, string> = { authorization: `Token ${key}` };
      if (type) headers["content-type"] = type;
      const res = await server.app.request(`/reseller/api/${path}`, {
        method,
        headers,
        ...(method !== "GET" && { body }),
      });
      const text = await res.text();
      const label = `${method} ${path} ${type} ${body.slice(0, 80)} → ${res.status} ${text.slice(0, 200)}`;
      expect(res.status, label).toBeLessThan(500);
      expect(() => JSON.parse(text), label).not.toThrow();
    });
    await fc.assert(property, { seed, numRuns: runs });
    await expectLedgerConsistent(server.db);
  }, 120_000);
});
