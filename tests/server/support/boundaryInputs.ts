import fc from "fast-check";
import type { z } from "zod/mini";
import { fieldErrors } from "../../../schemas/readable";
import type { Route } from "../../../server/http/route";
import { pathWithValidParams, validParams } from "./routeCallers";
import { type BoundedField, type BoundedKind, boundedFields, nearValid } from "./schemaSamples";

/**
 * The values at the edges of what numbers, columns and calendars hold, which every number, day and
 * time a client sends meets in the fuzz: a smallint's and an integer's last values and the next ones,
 * the first integer a double cannot count past, numbers past any column, JSON numbers no double holds,
 * text that is no number, and days that Postgres (no year 0) or JavaScript (years past 9999 written
 * "+010000") cannot pass on.
 */
export const boundaryNumbers = [
  -1,
  0,
  1,
  1.5,
  2 ** 15 - 1,
  2 ** 15,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  1e20,
  -1e20,
];

/** Written into the JSON as they stand: JSON.parse makes the first two Infinity, the third 0, the last inexact. */
export const boundaryNumberTexts = ["1e400", "-1e400", "1e-400", "123456789012345678901234567890"];

/** What a query, a path or a form may carry for a number besides the numbers themselves. */
export const boundaryNumberWords = ["NaN", "Infinity", "0x7fff", "1e3", " 7 ", "", "100000000000000000000"];

export const boundaryDays = [
  "0000-01-01",
  "0001-01-01",
  "1899-12-31",
  "1969-12-31",
  "1970-01-01",
  "1999-12-31",
  "2000-01-01",
  "2024-02-29",
  "2026-02-29",
  "2100-12-31",
  "2101-01-01",
  "9999-12-31",
  "275760-09-13",
  "+275760-09-13",
  "-000001-01-01",
];

export const boundaryTimes = [
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "1999-12-31T23:59:59Z",
  "2000-01-01T00:00:00+01:00",
  "2000-01-01T00:00:00Z",
  "2100-12-31T23:59:59.999Z",
  "2100-12-31T23:59:59-01:00",
  "9999-12-31T23:59:59Z",
  "9999-12-31T23:59:59-23:59",
  "275760-09-13T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "2026-02-29T10:00:00Z",
];

/** The boundary values of a kind of field, as text for a query, a path or a form. */
export function boundaryWords(kind: BoundedKind): string[] {
  if (kind === "day") return boundaryDays;
  if (kind === "time") return boundaryTimes;
  return [...boundaryNumbers.map(String), ...boundaryNumberTexts, ...boundaryNumberWords];
}

type Part = "params" | "query" | "body";

/** One request to a route with one field at one boundary value, everything else as its schema accepts. */
export interface BoundaryCall {
  method: string;
  /** Under /api, parameters filled and percent-encoded. */
  path: string;
  query: string;
  body: string | undefined;
  /** `body.amount`, `query.from`, `params.id`: the field the value went into. */
  field: string;
  value: string;
  /**
   * What the route's schema for that part says of what was sent: null when it takes it (or the route
   * reads its body itself, as a webhook does), and the call must reach the route; else the fields it
   * refuses, which the answer must name (404 for a path parameter, else 400).
   */
  refused: string[] | null;
}

const placeholder = "__boundary_value__";

const has = (value: unknown, path: readonly (string | number)[]) => {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== "object" || !(key in node)) return false;
    node = (node as Record<string | number, unknown>)[key];
  }
  return true;
};

/** `value` with `path` set to `to`, objects and arrays made where missing. */
function withValue(value: unknown, path: readonly (string | number)[], to: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return to;
  const made = typeof key === "number" ? [] : {};
  const node = (value !== null && typeof value === "object" ? structuredClone(value) : made) as Record<
    string | number,
    unknown
  >;
  node[key] = withValue(node[key], rest, to);
  return node;
}

/** The fields a refusal names when `schema` refuses `sent`, as the server names them; null when it takes it. */
function refusedBy(schema: z.ZodMiniType, sent: unknown): string[] | null {
  const result = schema.safeParse(sent);
  return result.success ? null : Object.keys(fieldErrors(result.error.issues)).sort();
}

const asQuery = (value: unknown) =>
  Object.fromEntries(Object.entries((value ?? {}) as object).map(([key, v]) => [key, String(v)]));

/** Inputs drawn near the schema's edges with a fixed seed: the ones it accepts, and all of them. */
function validBases(schema: z.ZodMiniType, part: Part, seed: number): { values: unknown[]; all: unknown[] } {
  const all = fc
    .sample(nearValid(schema), { seed, numRuns: 150 })
    .map((v) => (part === "query" ? asQuery(v) : v));
  return { values: all.filter((value) => schema.safeParse(value).success), all };
}

/** The rest of a request for `field`: an accepted input that has the field, else any accepted one, else any. */
const baseFor = (field: BoundedField, bases: { values: unknown[]; all: unknown[] }) =>
  bases.values.find((value) => has(value, field.path)) ?? bases.values[0] ?? bases.all[0] ?? {};

/**
 * Every number, day and time `route` takes (path parameters, query and body), each sent at every
 * boundary value of its kind with the rest of the request as the schema accepts it: numbers in a body
 * as JSON numbers and as number texts no double holds, in a query or path as text.
 */
export function boundaryCalls(route: Route, seed: number): BoundaryCall[] {
  const calls: BoundaryCall[] = [];
  const params = validParams(route);
  const queryBases = route.query ? validBases(route.query, "query", seed) : null;
  const queryBase = queryBases?.values[0] ?? {};
  const bodyBases = route.body ? validBases(route.body, "body", seed) : null;
  const bodyBase = bodyBases?.values[0] ?? bodyBases?.all[0];
  const bodyText = (value: unknown) => (route.body ? JSON.stringify(value ?? {}) : undefined);
  const queryText = (value: unknown) => new URLSearchParams(asQuery(value)).toString();

  if (route.params)
    for (const field of boundedFields(route.params)) {
      const name = String(field.path[0]);
      for (const word of boundaryWords(field.kind)) {
        const sent = { ...params, [name]: word };
        const encoded = Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, encodeURIComponent(v)]));
        calls.push({
          method: route.method,
          path: pathWithValidParams(route, encoded),
          query: queryText(queryBase),
          body: bodyText(bodyBase),
          field: `params.${name}`,
          value: word,
          refused: refusedBy(route.params, sent),
        });
      }
    }

  if (route.query && queryBases)
    for (const field of boundedFields(route.query)) {
      const base = baseFor(field, queryBases);
      for (const word of boundaryWords(field.kind)) {
        const sent = withValue(base, field.path, word);
        calls.push({
          method: route.method,
          path: pathWithValidParams(route, params),
          query: queryText(sent),
          body: bodyText(bodyBase),
          field: `query.${field.path.join(".")}`,
          value: word,
          refused: refusedBy(route.query, sent),
        });
      }
    }

  if (route.body && bodyBases)
    for (const field of boundedFields(route.body)) {
      const base = baseFor(field, bodyBases);
      const texts =
        field.kind === "number"
          ? [...boundaryNumbers.map(String), ...boundaryNumberTexts]
          : boundaryWords(field.kind).map((word) => JSON.stringify(word));
      for (const text of texts) {
        const body = JSON.stringify(withValue(base, field.path, placeholder)).replace(
          JSON.stringify(placeholder),
          text,
        );
        calls.push({
          method: route.method,
          path: pathWithValidParams(route, params),
          query: queryText(queryBase),
          body,
          field: `body.${field.path.join(".")}`,
          value: text,
          refused: route.rawBody ? null : refusedBy(route.body, JSON.parse(body)),
        });
      }
    }
  return calls;
}
