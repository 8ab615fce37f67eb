import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  msorgBillBody,
  msorgCableBody,
  msorgDataBody,
  msorgEpinBody,
  msorgIucQuery,
  msorgListQuery,
  msorgMeterQuery,
  msorgRechargepinBody,
  msorgTopupBody,
} from "../../schemas/msorgDialect";
import { apiKeys } from "../../server/db/schema";
import { boundaryNumbers, boundaryNumberTexts, boundaryNumberWords } from "./support/boundaryInputs";
import { keyHolder } from "./support/keyHolders";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

// The market's dialect called as a careless or hostile script calls it: any path of it, any method,
// bodies of the right fields with any values (numbers at the edges of what columns and doubles hold
// among them), forms, junk, any content type; then every number it takes at each of those edges.
// Never a fault (5xx), always the dialect's JSON; the ledger holds. Seeded: FUZZ_SEED replays a
// failure of the random calls, FUZZ_RUNS sets how many.
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 300);

let key: string;

const server = serverForFile();
beforeAll(async () => {
  const holder = await keyHolder(server, { kobo: 300_000_00 });
  // Raised past the fuzz's pace, so its calls reach their inputs rather than the key's rate limit.
  await server.db
    .update(apiKeys)
    .set({ ratePerSecond: 100_000, burst: 100_000 })
    .where(eq(apiKeys.id, holder.keyId));
  key = holder.key;
});

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
  "exam_name",
  "quantity",
  "network_amount",
  "name_on_card",
  "__proto__",
  "constructor",
];
const value = fc.oneof(
  fc.integer({ min: -10, max: 100_000 }),
  fc.constantFrom(...boundaryNumbers),
  fc.constantFrom(...boundaryNumbers.map(String), ...boundaryNumberWords),
  fc.constantFrom(
    "1",
    "08031234567",
    "7023456789",
    "45071234567",
    "500",
    "1e9",
    "",
    " ",
    "0x1f",
    "prepaid",
    "NECO",
  ),
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
/** A number as a query or path carries it: an ordinary one, or one at the edges of what numbers hold. */
const numberWord = fc.oneof(
  fc.integer({ min: -10, max: 100_000 }).map(String),
  fc.constantFrom(...boundaryNumbers.map(String), ...boundaryNumberTexts, ...boundaryNumberWords),
);
const call = fc.record({
  method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT", "DELETE"),
  path: fc.oneof(
    fc.constantFrom(
      "user/",
      "topup/",
      "data/",
      "cablesub/",
      "billpayment/",
      "epin/",
      "rechargepin/",
      "topup/not-a-uuid/",
      `data/${crypto.randomUUID()}/`,
      "validateiuc?smart_card_number=7023456789&cablename=1",
      "validateiuc?cablename=x",
      "validatemeter?meternumber=45071234567&disconame=6&mtype=9",
      "nothing/",
    ),
    fc
      .tuple(
        fc.constantFrom(
          (n: string) => `topup/?page=${n}`,
          (n: string) => `validateiuc?smart_card_number=7023456789&cablename=${n}`,
          (n: string) => `validatemeter?meternumber=45071234567&disconame=${n}&mtype=prepaid`,
          (n: string) => `cablesub/${n}/`,
        ),
        numberWord,
      )
      .map(([path, n]) => path(encodeURIComponent(n))),
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
      expectDialectAnswer(res.status, text, label);
    });
    await fc.assert(property, { seed, numRuns: runs });
    await expectLedgerConsistent(server.db);
  }, 120_000);
});

/**
 * An answer in the dialect's own shapes: a vendor's object, or a refusal as their Django servers word
 * it, `{"error": [...]}` with 400 and `{"detail": "..."}` otherwise; never a fault.
 */
function expectDialectAnswer(status: number, text: string, label: string): { error?: string[] } {
  expect(status, label).toBeLessThan(500);
  let json: unknown;
  expect(() => {
    json = JSON.parse(text);
  }, label).not.toThrow();
  expect(json, label).toBeTypeOf("object");
  expect(Array.isArray(json), label).toBe(false);
  if (status === 400) {
    expect(Object.keys(json as object), label).toEqual(["error"]);
    const { error } = json as { error: unknown[] };
    expect(error.length, label).toBeGreaterThan(0);
    for (const words of error) expect(String(words).length, label).toBeGreaterThan(3);
    expect(
      error.every((words) => typeof words === "string"),
      label,
    ).toBe(true);
  } else if (status >= 400) {
    expect(Object.keys(json as object), label).toEqual(["detail"]);
    expect((json as { detail: unknown }).detail, label).toBeTypeOf("string");
  } else {
    expect(json, label).not.toHaveProperty("error");
  }
  return json as { error?: string[] };
}

/** Each input of the dialect that takes a number, with a request its schema takes around it. */
interface NumberInput {
  method: "GET" | "POST";
  path: string;
  schema: z.ZodMiniType;
  base: Record<string, string | number>;
  fields: string[];
}

const numberInputs: NumberInput[] = [
  {
    method: "POST",
    path: "topup/",
    schema: msorgTopupBody,
    base: { network: 1, amount: 100, mobile_number: "08031234567" },
    fields: ["network", "amount"],
  },
  {
    method: "POST",
    path: "data/",
    schema: msorgDataBody,
    base: { network: 1, plan: 1, mobile_number: "08031234567" },
    fields: ["network", "plan"],
  },
  {
    method: "POST",
    path: "cablesub/",
    schema: msorgCableBody,
    base: { cablename: 1, cableplan: 1, smart_card_number: "7023456789" },
    fields: ["cablename", "cableplan", "smart_card_number"],
  },
  {
    method: "POST",
    path: "billpayment/",
    schema: msorgBillBody,
    base: { disco_name: 6, amount: 1000, meter_number: "45071234567", MeterType: 1 },
    fields: ["disco_name", "amount", "meter_number", "MeterType"],
  },
  {
    method: "POST",
    path: "epin/",
    schema: msorgEpinBody,
    base: { exam_name: "NECO", quantity: 1 },
    fields: ["quantity"],
  },
  {
    method: "POST",
    path: "rechargepin/",
    schema: msorgRechargepinBody,
    base: { network: 1, network_amount: 1, quantity: 1, name_on_card: "Ade Stores" },
    fields: ["network", "network_amount", "quantity"],
  },
  {
    method: "GET",
    path: "validateiuc",
    schema: msorgIucQuery,
    base: { smart_card_number: "7023456789", cablename: "1" },
    fields: ["cablename", "smart_card_number"],
  },
  {
    method: "GET",
    path: "validatemeter",
    schema: msorgMeterQuery,
    base: { meternumber: "45071234567", disconame: "6", mtype: "prepaid" },
    fields: ["disconame", "meternumber", "mtype"],
  },
  ...["topup/", "data/", "cablesub/", "billpayment/", "epin/", "rechargepin/"].map((path) => ({
    method: "GET" as const,
    path,
    schema: msorgListQuery,
    base: {},
    fields: ["page"],
  })),
];

interface DialectCall {
  method: string;
  path: string;
  type: string | null;
  body: string | undefined;
  field: string;
  /** The schema the route reads the input with, and the input as it reads it: null for a record's id. */
  schema: z.ZodMiniType | null;
  read: unknown;
}

const placeholder = "__boundary_value__";
const form = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/** Every way a script may write each boundary value into each number of the dialect. */
function boundaryCallsOf(input: NumberInput): DialectCall[] {
  const calls: DialectCall[] = [];
  const words = [...boundaryNumbers.map(String), ...boundaryNumberTexts, ...boundaryNumberWords];
  for (const field of input.fields) {
    if (input.method === "GET") {
      for (const word of words) {
        const query = { ...input.base, [field]: word };
        calls.push({
          method: "GET",
          path: `${input.path}?${form(query)}`,
          type: null,
          body: undefined,
          field,
          schema: input.schema,
          read: query,
        });
      }
      continue;
    }
    const post = (type: string, body: string, read: unknown) =>
      calls.push({ method: "POST", path: input.path, type, body, field, schema: input.schema, read });
    for (const number of boundaryNumbers) {
      const body = { ...input.base, [field]: number };
      post("application/json", JSON.stringify(body), body);
    }
    for (const text of boundaryNumberTexts) {
      const body = JSON.stringify({ ...input.base, [field]: placeholder }).replace(`"${placeholder}"`, text);
      post("application/json", body, JSON.parse(body));
    }
    // Text reaches the schema alike from a form and from JSON: written as a form, as PHP scripts post.
    for (const word of words) {
      const body = form({ ...input.base, [field]: word });
      post("application/x-www-form-urlencoded", body, Object.fromEntries(new URLSearchParams(body)));
    }
  }
  return calls;
}

describe("every number the market's dialect takes, at its boundaries", () => {
  it("refuses each its schema refuses with a 400 naming it, and answers each it takes without a fault", async () => {
    const sweep = numberInputs.flatMap(boundaryCallsOf);
    for (const service of ["topup", "data", "cablesub", "billpayment", "epin", "rechargepin"])
      for (const word of [...boundaryNumbers.map(String), ...boundaryNumberTexts, ...boundaryNumberWords])
        sweep.push({
          method: "GET",
          path: `${service}/${encodeURIComponent(word)}/`,
          type: null,
          body: undefined,
          field: "id",
          schema: null,
          read: null,
        });
    for (const { method, path, type, body, field, schema, read } of sweep) {
      const headers: Record<string, string> = { authorization: `Token ${key}` };
      if (type) headers["content-type"] = type;
      const res = await server.app.request(`/reseller/api/${path}`, { method, headers, body });
      const text = await res.text();
      const label = `${method} ${path} ${type ?? ""} ${body ?? ""} → ${res.status} ${text.slice(0, 200)}`;
      const answer = expectDialectAnswer(res.status, text, label);
      // A record's id is ours, a uuid: no number names one.
      if (!schema) expect(res.status, label).toBe(404);
      if (!schema || schema.safeParse(read).success) continue;
      expect(res.status, label).toBe(400);
      expect(answer.error?.[0], label).toContain(field);
    }
    await expectLedgerConsistent(server.db);
  }, 120_000);
});
