import { type JsonSchema, numberOf, type RefResolver, textOf } from "./jsonSchema";
import { patternExample } from "./patternExample";
import { schemaKind } from "./schemaKind";

/** How an example gets its ids: a fresh UUID per example, as each purchase needs its own request_id. */
export interface ExampleOptions {
  newUuid: () => string;
}

/** What a string of a known format looks like. */
const formatExamples: Record<string, string> = {
  "date-time": "2026-01-31T09:00:00.000Z",
  date: "2026-01-31",
  email: "you@example.com",
  uri: "https://example.com/ojapay-webhook",
  url: "https://example.com/ojapay-webhook",
};

function stringExample(schema: JsonSchema, options: ExampleOptions): string {
  const format = textOf(schema.format);
  if (format === "uuid") return options.newUuid();
  if (format && formatExamples[format]) return formatExamples[format];
  const pattern = textOf(schema.pattern);
  const matching = pattern === undefined ? undefined : patternExample(pattern);
  if (matching !== undefined) return matching;
  const min = numberOf(schema.minLength) ?? 1;
  const max = numberOf(schema.maxLength) ?? Number.POSITIVE_INFINITY;
  const text = "text".padEnd(min, "x");
  return text.length > max ? text.slice(0, max) : text;
}

/**
 * A number inside the schema's bounds: 1 (an id's usual least), or ₦100 for an amount the schema marks
 * as money, moved up to its minimum or down to its maximum.
 */
function numberExample(schema: JsonSchema, integer: boolean): number {
  let value = schema.widget === "money" ? 10_000 : 1;
  const min = numberOf(schema.minimum);
  const max = numberOf(schema.maximum);
  const exclusiveMin = numberOf(schema.exclusiveMinimum);
  const exclusiveMax = numberOf(schema.exclusiveMaximum);
  if (min !== undefined && value < min) value = min;
  if (exclusiveMin !== undefined && value <= exclusiveMin)
    value = integer ? Math.floor(exclusiveMin) + 1 : exclusiveMin + 1;
  if (max !== undefined && value > max) value = max;
  if (exclusiveMax !== undefined && value >= exclusiveMax)
    value = integer ? Math.ceil(exclusiveMax) - 1 : exclusiveMax - 1;
  return value;
}

/**
 * A value the schema accepts, built from the schema alone: an enum's first value, a const, the
 * schema's own example or default, required properties only (the least a caller must send), the
 * first of a union's variants, a fresh UUID for a `uuid`, numbers within their bounds and strings
 * matching their pattern.
 */
export function schemaExample(
  given: JsonSchema,
  resolve: RefResolver,
  options: ExampleOptions,
  depth = 0,
): unknown {
  const { shape, schema } = schemaKind(given, resolve);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if (depth >= 8) return null;
  switch (shape.kind) {
    case "enum":
      return shape.values[0];
    case "choice":
      return shape.variants[0] ? schemaExample(shape.variants[0], resolve, options, depth + 1) : null;
    case "object":
      return Object.fromEntries(
        shape.properties
          .filter((p) => p.required)
          .map((p) => [p.name, schemaExample(p.schema, resolve, options, depth + 1)]),
      );
    case "map":
      return {};
    case "array": {
      const count = numberOf(schema.minItems) ?? 0;
      const items = shape.items;
      return items
        ? Array.from({ length: count }, () => schemaExample(items, resolve, options, depth + 1))
        : [];
    }
    case "scalar":
      if (shape.type === "string") return stringExample(schema, options);
      if (shape.type === "integer" || shape.type === "number")
        return numberExample(schema, shape.type === "integer");
      if (shape.type === "boolean") return false;
      return null;
  }
}
