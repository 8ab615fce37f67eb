import fc from "fast-check";
import type { z } from "zod/mini";
import type { Route } from "../../../server/http/route";
import {
  boundaryDays,
  boundaryNumbers,
  boundaryNumberTexts,
  boundaryNumberWords,
  boundaryTimes,
} from "./boundaryInputs";
import { type Caller, pathWithValidParams } from "./routeCallers";
import { nearValid } from "./schemaSamples";

/**
 * Generators of what a hostile or careless client sends, for the route fuzz. Large inputs are drawn as
 * a short description (`deep 100000`, `huge 300000`) and written out only when sent, so a failure's
 * counterexample stays readable.
 */

const prototypeKeys = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

const awkwardTexts = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF\uD800",
  "\uFEFF",
  "🇳🇬 Ọjà",
  "e\u0301",
  "\u202Egnp.exe",
  "'; drop table users; --",
  "../../etc/passwd",
  "%00",
  "\\u0000",
  "null",
  "NaN",
  "-0",
  "1e309",
  "0x10",
  "08031234567 ",
  "2026-02-30",
  "2026-13-01T25:61:00Z",
  "9999-12-31T23:59:59.999Z",
  "00000000-0000-0000-0000-000000000000",
  "<script>alert(1)</script>",
  ...prototypeKeys,
];

const awkwardString = fc.oneof(
  fc.constantFrom(...awkwardTexts),
  fc.constantFrom(...boundaryDays, ...boundaryTimes, ...boundaryNumberWords),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.integer({ min: 200, max: 5_000 }).map((length) => "x".repeat(length)),
);

const awkwardNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 1.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, 5e-324),
  fc.constantFrom(...boundaryNumbers),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const awkwardKey = fc.oneof(
  fc.constantFrom(...prototypeKeys, "", " ", "a.b", "0"),
  fc.string({ maxLength: 12 }),
);

/** Any JSON value, leaning to the awkward: prototype keys, NULs, lone surrogates, huge and tiny numbers. */
const awkwardJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    awkwardString,
    awkwardNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(awkwardKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

const shapeKeys = (schema: z.ZodMiniType | undefined): string[] => {
  let node = schema?._zod.def as { shape?: object; in?: { _zod: { def: unknown } } } | undefined;
  // Through a pipe or refinement to the object inside.
  for (let i = 0; node && !node.shape && node.in && i < 4; i++) node = node.in._zod.def as typeof node;
  return node?.shape ? Object.keys(node.shape) : [];
};

/** An object of the route's own fields (any of them, each with an awkward value), and perhaps some it does not know. */
const ownFieldsObject = (keys: string[]) =>
  fc
    .tuple(
      keys.length
        ? fc.dictionary(fc.constantFrom(...keys), awkwardJson, { maxKeys: keys.length })
        : fc.constant({}),
      fc.dictionary(awkwardKey, awkwardJson, { maxKeys: 2 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));

export type BodyPlan =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "deep"; depth: number; inField: string | null }
  | { kind: "huge"; length: number; field: string }
  | { kind: "number text"; field: string; text: string }
  | { kind: "text"; text: string };

const bodyPlan = (schema: z.ZodMiniType | undefined): fc.Arbitrary<BodyPlan> => {
  const keys = shapeKeys(schema);
  const field = keys.length ? fc.constantFrom(...keys) : fc.constant("x");
  return fc.oneof(
    {
      arbitrary: (schema ? nearValid(schema) : awkwardJson).map((value) => ({
        kind: "json" as const,
        value,
      })),
      weight: 4,
    },
    { arbitrary: ownFieldsObject(keys).map((value) => ({ kind: "json" as const, value })), weight: 3 },
    { arbitrary: awkwardJson.map((value) => ({ kind: "json" as const, value })), weight: 2 },
    fc.record({
      kind: fc.constant("deep" as const),
      depth: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constantFrom(5_000, 20_000, 125_000)),
      inField: fc.option(field, { nil: null }),
    }),
    fc.record({
      kind: fc.constant("huge" as const),
      length: fc.constantFrom(10_000, 200_000, 262_000, 300_000, 1_100_000),
      field,
    }),
    fc.record({
      kind: fc.constant("number text" as const),
      field,
      text: fc.constantFrom(...boundaryNumberTexts, "-0", "0.0000001"),
    }),
    fc.record({
      kind: fc.constant("text" as const),
      text: fc.oneof(
        fc.constantFrom(
          "{",
          "[1,",
          '{"a":1}x',
          "\uFEFF{}",
          "nul\u0000l",
          "undefined",
          "'single'",
          "{a:1}",
          "a=1&b=2",
        ),
        fc.string({ maxLength: 40 }),
      ),
    }),
    { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
  );
};

/** The body as sent. */
export function bodyText(plan: BodyPlan): string | undefined {
  switch (plan.kind) {
    case "none":
      return undefined;
    case "json":
      return JSON.stringify(plan.value);
    case "deep": {
      const brackets = `${"[".repeat(plan.depth)}${"]".repeat(plan.depth)}`;
      return plan.inField === null ? brackets : JSON.stringify({ [plan.inField]: 0 }).replace("0", brackets);
    }
    case "huge":
      return JSON.stringify({ [plan.field]: "ọ".repeat(plan.length) });
    case "number text":
      return JSON.stringify({ [plan.field]: 0 }).replace("0", plan.text);
    case "text":
      return plan.text;
  }
}

/** Percent-encoded, a lone surrogate (which no URL can carry) sent as U+FFFD as a browser would. */
const encoded = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, "\uFFFD"));

const queryValue = fc.oneof(
  fc.constantFrom(
    ...[...boundaryNumbers.map(String), ...boundaryNumberTexts, ...boundaryDays, ...boundaryTimes].map(
      encodeURIComponent,
    ),
  ),
  fc.constantFrom(
    "-1",
    "0",
    "1e309",
    "999999999999999999999",
    "0x10",
    "%",
    "%E0%A4%A",
    "%00",
    "%2F..%2F",
    "+",
    "",
  ),
  awkwardString.map(encoded),
  fc.integer({ min: 1_000, max: 8_000 }).map((length) => "q".repeat(length)),
);

/**
 * A query: the route's own parameters near the edges of what they take, or its parameters and some it
 * does not know with awkward values, a key now and then twice.
 */
const queryText = (schema: z.ZodMiniType | undefined) => {
  const keys = shapeKeys(schema);
  const awkward = fc
    .array(fc.tuple(keys.length ? fc.oneof(fc.constantFrom(...keys), awkwardKey) : awkwardKey, queryValue), {
      maxLength: 6,
    })
    .map((pairs) => pairs.map(([key, value]) => `${encoded(key)}=${value}`).join("&"));
  if (!schema) return fc.oneof(fc.constant(""), awkward);
  const nearEdges = nearValid(schema).map((query) =>
    new URLSearchParams(
      Object.entries(query as object).map(([key, value]) => [key, String(value)]),
    ).toString(),
  );
  return fc.oneof(nearEdges, awkward);
};

const pathValue = fc.oneof(
  fc.constantFrom(
    "%",
    "%00",
    "%2F",
    "..",
    "%2e%2e",
    "-1",
    "0",
    "1e3",
    "99999999999999999999",
    "%20",
    "__proto__",
  ),
  awkwardString.map(encoded),
);

/** The route's path, one parameter now and then replaced by something awkward. */
const requestPath = (route: Route) => {
  const valid = pathWithValidParams(route);
  const names = route.path.match(/:[A-Za-z_]+/g) ?? [];
  if (names.length === 0) return fc.constant(valid);
  const filled = (name: string, value: string) => {
    const at = route.path.split("/").indexOf(name);
    const parts = valid.split("/");
    parts[at - 1] = value;
    return parts.join("/");
  };
  return fc.oneof(
    fc.constant(valid),
    fc.tuple(fc.constantFrom(...names), pathValue).map(([n, v]) => filled(n, v)),
  );
};

export interface HostileCall {
  method: string;
  path: string;
  query: string;
  body: BodyPlan;
  contentType: string | null;
  caller: Caller | "stale token";
}

const otherMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** One request to `route`: mostly by a caller who may call it, with everything else awkward. */
export function hostileCall(route: Route, allowed: Caller): fc.Arbitrary<HostileCall> {
  return fc.record({
    method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 6 }, fc.constantFrom(...otherMethods)),
    path: requestPath(route),
    query: queryText(route.query),
    body: bodyPlan(route.body),
    contentType: fc.constantFrom(
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16le",
      null,
    ),
    caller: fc.oneof(
      { arbitrary: fc.constant(allowed), weight: 6 },
      fc.constantFrom<Caller | "stale token">("anonymous", "customer", "admin", "stale token"),
    ),
  });
}
