import { dereferenced, isSchema, type JsonSchema, type RefResolver, schemaList } from "./jsonSchema";

/** An object's property, in the order the schema lists them. */
export interface SchemaProperty {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** What a schema is, once `$ref`, `null` and `allOf` are seen through: the one thing the walker and the example builder branch on. */
export type SchemaShape =
  | { kind: "object"; properties: SchemaProperty[] }
  /** An object whose keys are not named in advance (`fields: { name: [messages] }`). */
  | { kind: "map"; values: JsonSchema }
  | { kind: "array"; items: JsonSchema | undefined }
  /** `oneOf`/`anyOf` of more than one non-null schema: the purchase body's kinds. */
  | { kind: "choice"; variants: JsonSchema[] }
  /** `enum` or `const`: the values themselves. */
  | { kind: "enum"; values: readonly unknown[] }
  | { kind: "scalar"; type: string };

export interface SchemaKind {
  shape: SchemaShape;
  /** Whether `null` is also accepted: `type: [x, "null"]`, a `{ type: "null" }` member, or null among an enum's values. */
  nullable: boolean;
  /** The schema the shape was read from, carrying the outer schema's title, description and default. */
  schema: JsonSchema;
}

const isNullSchema = (schema: JsonSchema) => schema.type === "null" || schema.const === null;

/** The words about a schema that stay with it when it is unwrapped from `anyOf: [it, null]`. */
const annotations = (schema: JsonSchema): JsonSchema =>
  Object.fromEntries(
    ["title", "description", "default", "examples"].filter((k) => k in schema).map((k) => [k, schema[k]]),
  );

/** `allOf` as one object: its members' properties and required names together (zod writes intersections so). */
function mergedAllOf(schema: JsonSchema, resolve: RefResolver): JsonSchema {
  const members = schemaList(schema.allOf).map((member) => dereferenced(member, resolve));
  const { allOf: _merged, ...rest } = schema;
  return {
    ...Object.assign({}, ...members),
    ...rest,
    properties: Object.assign({}, ...members.map((m) => m.properties), rest.properties),
    required: [...members, rest].flatMap((m) => (Array.isArray(m.required) ? m.required : [])),
  };
}

export function schemaKind(given: JsonSchema, resolve: RefResolver): SchemaKind {
  let schema = dereferenced(given, resolve);
  if (Array.isArray(schema.allOf)) schema = mergedAllOf(schema, resolve);

  const members = schemaList(schema.oneOf ?? schema.anyOf).map((m) => dereferenced(m, resolve));
  if (members.length > 0) {
    const others = members.filter((m) => !isNullSchema(m));
    const nullable = others.length < members.length;
    const [only] = others;
    if (others.length === 1 && only) {
      const inner = schemaKind({ ...only, ...annotations(schema) }, resolve);
      return { ...inner, nullable: inner.nullable || nullable };
    }
    return { shape: { kind: "choice", variants: others }, nullable, schema };
  }

  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (t): t is string => typeof t === "string",
  );
  const nullable = types.includes("null") || (Array.isArray(schema.enum) && schema.enum.includes(null));
  const type = types.find((t) => t !== "null");

  if ("const" in schema) return { shape: { kind: "enum", values: [schema.const] }, nullable, schema };
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null);
    return { shape: { kind: "enum", values }, nullable, schema };
  }
  if (type === "object" || (!type && isSchema(schema.properties))) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const named = Object.entries(properties)
      .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
      .map(([name, property]) => ({ name, schema: property, required: required.has(name) }));
    if (named.length === 0 && isSchema(schema.additionalProperties))
      return { shape: { kind: "map", values: schema.additionalProperties }, nullable, schema };
    return { shape: { kind: "object", properties: named }, nullable, schema };
  }
  if (type === "array" || (!type && "items" in schema)) {
    const items = isSchema(schema.items) ? schema.items : undefined;
    return { shape: { kind: "array", items }, nullable, schema };
  }
  return { shape: { kind: "scalar", type: type ?? "any" }, nullable, schema };
}
