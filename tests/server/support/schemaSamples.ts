import fc from "fast-check";
import { z } from "zod";

/**
 * Values at and just past the edges of what a route's schema accepts, read from its JSON Schema: the
 * least and greatest numbers and one beyond, the shortest and longest texts and one longer, every enum
 * value, optional fields present or not. Many pass the schema, so the fuzz reaches the services with
 * the awkward values a schema still lets through (the largest amount, the last page).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** Texts that fit the patterns the schemas use (phones, PINs, codes, smartcards, plan codes, names…). */
const patternCandidates = [
  "08031234567",
  "+2348031234567",
  "1357",
  "1234",
  "123456",
  "1234567890",
  "22212341234",
  "abcd-efgh-ijkl-mnop",
  "mtn",
  "mtn-10mb-100",
  "500MB",
  "1.5GB",
  "30 days",
  "1 day",
  "ABC123",
  "OJA0000TEST1",
  "Ada",
  "Ọláolúwa O'Brien-Okafor",
];

function textOfLength(length: number) {
  return "Ọjà ".repeat(Math.ceil(length / 4)).slice(0, length);
}

function numbers(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const least = schema.minimum ?? schema.exclusiveMinimum ?? (integer ? -(2 ** 31) : -1e9);
  const most = schema.maximum ?? schema.exclusiveMaximum ?? (integer ? 2 ** 31 : 1e9);
  const within = integer
    ? fc.integer({ min: Math.max(least, -1e9), max: Math.min(most, 1e9) })
    : fc.double({ min: least, max: most, noNaN: true });
  return fc.oneof(fc.constantFrom(least, most, least - 1, most + 1, 0, 1, 1.5), within);
}

function texts(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid({ version: 4 });
  if (schema.format === "date")
    return fc.constantFrom(
      "2026-01-15",
      "2000-01-01",
      "2100-12-31",
      "1999-12-31",
      "2101-01-01",
      "2026-02-29",
    );
  if (schema.format === "date-time") {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    return fc.constantFrom(
      soon,
      "2026-01-15T10:00:00Z",
      "2026-01-15T10:00:00+01:00",
      "2100-12-31T23:59:59Z",
      "2101-01-01T00:00:00Z",
    );
  }
  if (schema.format === "email") return fc.constantFrom("fuzz@example.com", `${"a".repeat(64)}@example.com`);
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, "u");
    } catch {
      pattern = undefined;
    }
    const fitting = patternCandidates.filter((text) => pattern?.test(text));
    if (fitting.length) return fc.constantFrom(...fitting);
  }
  const shortest = schema.minLength ?? 0;
  const longest = schema.maxLength ?? 60;
  return fc.constantFrom(shortest, longest, longest + 1, Math.max(shortest, 3)).map(textOfLength);
}

function near(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(near));
  if (schema.allOf?.[0]) return near(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
      return numbers(schema, true);
    case "number":
      return numbers(schema, false);
    case "string":
      return texts(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? near(schema.items) : fc.constant(null), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case "object": {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, near(value)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

/** Values near the edges of `schema`: an object of its fields for a body or a query. */
export function nearValid(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  return near(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
}

/** What kind of bounded value a field holds: a number, a calendar day or a time. */
export type BoundedKind = "number" | "day" | "time";

/** A number, day or time a schema takes, by where it sits in the input (an array's first item stands for all). */
export interface BoundedField {
  path: (string | number)[];
  kind: BoundedKind;
}

function boundedIn(schema: JsonSchema, path: (string | number)[], found: BoundedField[]) {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes("integer") || type.includes("number")) found.push({ path, kind: "number" });
  if (type.includes("string") && schema.format === "date") found.push({ path, kind: "day" });
  if (type.includes("string") && schema.format === "date-time") found.push({ path, kind: "time" });
  for (const [key, value] of Object.entries(schema.properties ?? {})) boundedIn(value, [...path, key], found);
  for (const choice of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    boundedIn(choice, path, found);
  if (schema.items) boundedIn(schema.items, [...path, 0], found);
}

/** Every number, day and time `schema` takes, each once. */
export function boundedFields(schema: z.core.$ZodType): BoundedField[] {
  const found: BoundedField[] = [];
  boundedIn(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema, [], found);
  const seen = new Set<string>();
  return found.filter((field) => {
    const key = `${field.kind} ${field.path.join(".")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
