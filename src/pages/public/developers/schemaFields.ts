import { type JsonSchema, numberOf, type RefResolver, textOf } from "./jsonSchema";
import { type SchemaKind, schemaKind } from "./schemaKind";

/** One field of a schema, as the reference lists it: a tree, since objects hold objects. */
export interface SchemaField {
  /** The property's name; empty for the schema as a whole. */
  name: string;
  required: boolean;
  nullable: boolean;
  /** "string", "integer", "object", "array of object", "one of"… */
  type: string;
  title?: string;
  description?: string;
  /** An enum's or a const's values, as JSON writes them. */
  values?: string[];
  /** The schema's limits in words: "1 to 4", "at most 20 characters", "format uuid", "default 20". */
  limits: string[];
  pattern?: string;
  /** An object's properties, or the properties of an array's items. */
  children: SchemaField[];
  /** The alternatives of a `oneOf`/`anyOf`, each with its own fields. */
  variants: SchemaVariant[];
}

export interface SchemaVariant {
  /** What tells it apart: `kind: "airtime"` when every variant fixes the same property, else its title. */
  label: string;
  field: SchemaField;
}

/**
 * Bounds zod writes for every integer (a safe integer, a database int), which say nothing about the
 * field: left out so the bounds that mean something stand out.
 */
const isImplementationBound = (value: number) =>
  Math.abs(value) >= Number.MAX_SAFE_INTEGER || value === 2_147_483_647 || value === -2_147_483_648;

function range(low: number | undefined, high: number | undefined, unit = ""): string | undefined {
  const min = low === undefined || isImplementationBound(low) ? undefined : low;
  const max = high === undefined || isImplementationBound(high) ? undefined : high;
  if (min !== undefined && max !== undefined)
    return min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  return undefined;
}

function limitsOf(schema: JsonSchema): string[] {
  const exclusiveMin = numberOf(schema.exclusiveMinimum);
  const exclusiveMax = numberOf(schema.exclusiveMaximum);
  const format = textOf(schema.format);
  return [
    range(numberOf(schema.minimum), numberOf(schema.maximum)),
    exclusiveMin === undefined ? undefined : `more than ${exclusiveMin}`,
    exclusiveMax === undefined ? undefined : `less than ${exclusiveMax}`,
    numberOf(schema.multipleOf) === undefined ? undefined : `a multiple of ${schema.multipleOf}`,
    range(numberOf(schema.minLength), numberOf(schema.maxLength), " characters"),
    range(numberOf(schema.minItems), numberOf(schema.maxItems), " items"),
    format && `format ${format}`,
    "default" in schema ? `default ${JSON.stringify(schema.default)}` : undefined,
  ].filter((limit): limit is string => Boolean(limit));
}

/** The type's name in a few words, for the field's line. */
function typeName(kind: SchemaKind, resolve: RefResolver, depth: number): string {
  const { shape, schema } = kind;
  switch (shape.kind) {
    case "object":
      return "object";
    case "map":
      return `object of ${typeName(schemaKind(shape.values, resolve), resolve, depth + 1)}`;
    case "array":
      return shape.items && depth < 8
        ? `array of ${typeName(schemaKind(shape.items, resolve), resolve, depth + 1)}`
        : "array";
    case "choice":
      return "one of";
    case "enum": {
      const declared = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
      return textOf(declared) ?? (shape.values[0] === undefined ? "any" : typeof shape.values[0]);
    }
    case "scalar":
      return shape.type;
  }
}

/** The value a variant fixes its property `name` to (a const, or an enum of one), if it does. */
function fixedValue(kind: SchemaKind, name: string, resolve: RefResolver): { value: unknown } | undefined {
  if (kind.shape.kind !== "object") return undefined;
  const property = kind.shape.properties.find((p) => p.name === name);
  if (!property?.required) return undefined;
  const shape = schemaKind(property.schema, resolve).shape;
  return shape.kind === "enum" && shape.values.length === 1 ? { value: shape.values[0] } : undefined;
}

/** The property every variant fixes to a value of its own (the union's discriminator), if there is one. */
function discriminator(variants: readonly SchemaKind[], resolve: RefResolver): string | undefined {
  const [first] = variants;
  if (first?.shape.kind !== "object") return undefined;
  return first.shape.properties
    .map((p) => p.name)
    .find((name) => variants.every((kind) => fixedValue(kind, name, resolve)));
}

function variantLabel(kind: SchemaKind, key: string | undefined, index: number, resolve: RefResolver) {
  const fixed = key === undefined ? undefined : fixedValue(kind, key, resolve);
  if (fixed) return `${key}: ${JSON.stringify(fixed.value)}`;
  return textOf(kind.schema.title) ?? `Variant ${index + 1}`;
}

function walk(
  name: string,
  required: boolean,
  given: JsonSchema,
  resolve: RefResolver,
  depth: number,
): SchemaField {
  const kind = schemaKind(given, resolve);
  const { shape, schema } = kind;
  const field: SchemaField = {
    name,
    required,
    nullable: kind.nullable,
    type: typeName(kind, resolve, depth),
    title: textOf(schema.title),
    description: textOf(schema.description),
    limits: limitsOf(schema),
    // A format already says what its pattern checks (a UUID, a time), in a word rather than a regex.
    pattern: schema.format === undefined ? textOf(schema.pattern) : undefined,
    children: [],
    variants: [],
  };
  // Deep enough for any real answer; a schema that refers to itself stops here instead of looping.
  if (depth >= 8) return field;
  if (shape.kind === "enum") field.values = shape.values.map((value) => JSON.stringify(value));
  if (shape.kind === "object")
    field.children = shape.properties.map((p) => walk(p.name, p.required, p.schema, resolve, depth + 1));
  if (shape.kind === "array" && shape.items) {
    const items = walk("", true, shape.items, resolve, depth + 1);
    field.children = items.children;
    field.variants = items.variants;
    field.values = items.values;
  }
  if (shape.kind === "choice") {
    const kinds = shape.variants.map((variant) => schemaKind(variant, resolve));
    const key = discriminator(kinds, resolve);
    field.variants = shape.variants.map((variant, index) => ({
      label: variantLabel(kinds[index] as SchemaKind, key, index, resolve),
      field: walk("", true, variant, resolve, depth + 1),
    }));
  }
  return field;
}

/** The schema as a tree of fields, for the reference to list (SchemaFields draws it). */
export function schemaFields(schema: JsonSchema, resolve: RefResolver): SchemaField {
  return walk("", true, schema, resolve, 0);
}
