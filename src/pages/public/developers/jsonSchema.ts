/**
 * A JSON Schema as the OpenAPI document carries it: JSON read at run time, so every keyword is
 * looked at before it is used, never assumed. The page ships no schema library (public pages stay
 * free of zod, bench/budgets.json), so these few readers stand in for one.
 */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Finds what a `$ref` points at ("#/components/schemas/Refusal"), or nothing. */
export type RefResolver = (ref: string) => JsonSchema | undefined;

export const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const schemaList = (value: unknown): JsonSchema[] =>
  Array.isArray(value) ? value.filter(isSchema) : [];

export const textOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export const numberOf = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** Resolves "#/a/b" against the document it came from (`~1` and `~0` as RFC 6901 writes / and ~). */
export function pointerResolver(document: unknown): RefResolver {
  return (ref) => {
    if (!ref.startsWith("#/")) return undefined;
    let node: unknown = document;
    for (const part of ref.slice(2).split("/")) {
      if (!isSchema(node)) return undefined;
      node = node[part.replaceAll("~1", "/").replaceAll("~0", "~")];
    }
    return isSchema(node) ? node : undefined;
  };
}

/** The schema itself, or what its `$ref` points at; a chain of refs is followed a few steps at most. */
export function dereferenced(schema: JsonSchema, resolve: RefResolver): JsonSchema {
  let current = schema;
  for (let step = 0; step < 8; step++) {
    const ref = textOf(current.$ref);
    const target = ref ? resolve(ref) : undefined;
    if (!target) return current;
    current = target;
  }
  return current;
}
