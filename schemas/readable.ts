import { z } from "zod/mini";

/** "first_name" → "First name": the label a person reads when no title is given. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Inner = { _zod?: { def?: { type?: string; innerType?: unknown; in?: unknown; shape?: unknown } } };

/** The shape of an object schema (mini or classic: both keep it in the core def), else undefined. */
function shapeOf(node: unknown): Record<string, unknown> | undefined {
  const def = (node as Inner)?._zod?.def;
  return def?.type === "object" ? (def.shape as Record<string, unknown>) : undefined;
}

/** The title set with `.meta()` on a schema or on any wrapper around it (optional, default, pipe…). */
function titleOf(schema: unknown): string | undefined {
  for (let layer = schema, depth = 0; layer && depth < 8; depth++) {
    const title = z.globalRegistry.get(layer as z.core.$ZodType)?.title;
    if (typeof title === "string") return title;
    const def = (layer as Inner)._zod?.def;
    layer = def?.innerType ?? def?.in;
  }
  return undefined;
}

/** The schema of the field at `path` inside `root`, through objects and their wrappers. */
function fieldAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    for (let depth = 0; node && !shapeOf(node) && depth < 8; depth++) {
      const def = (node as Inner)._zod?.def;
      node = def?.innerType ?? def?.in;
    }
    const shape = shapeOf(node);
    if (!shape || typeof key !== "string") return undefined;
    node = shape[key];
  }
  return node;
}

/** The field's name as forms show it: its `meta.title`, else the humanised key. */
function labelOf(path: readonly PropertyKey[] | undefined, failed: unknown, root: unknown): string {
  const title = titleOf(failed) ?? (root && path ? titleOf(fieldAt(root, path)) : undefined);
  if (title) return title;
  const last = path?.filter((p) => typeof p === "string").at(-1);
  return typeof last === "string" ? humanise(last) : "This value";
}

const typeNames: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
};

/**
 * Messages a customer can read, used by the server when it answers 400 and by the forms through
 * zodResolver, so both say the same thing. A message set on a schema with `error` still wins.
 * Given the schema being parsed, fields are named by their titles even when a check (a bound, a
 * whole number) failed rather than the field's own type.
 */
export const readableErrorFor =
  (root?: z.core.$ZodType): z.core.$ZodErrorMap =>
  (issue) => {
    const label = labelOf(issue.path, (issue as { inst?: unknown }).inst, root);
    switch (issue.code) {
      case "invalid_type":
        if (issue.input === undefined) return `${label} is required.`;
        return `${label} must be ${typeNames[issue.expected] ?? issue.expected}.`;
      case "too_small":
        if (issue.origin === "string") {
          return Number(issue.minimum) <= 1
            ? `${label} is required.`
            : `${label} must be at least ${issue.minimum} characters.`;
        }
        if (issue.origin === "array") return `${label} needs at least ${issue.minimum} items.`;
        return `${label} must be at least ${issue.minimum}.`;
      case "too_big":
        if (issue.origin === "string") return `${label} must be at most ${issue.maximum} characters.`;
        if (issue.origin === "array") return `${label} may have at most ${issue.maximum} items.`;
        return `${label} must be at most ${issue.maximum}.`;
      case "invalid_format":
        if (issue.format === "email") return "Enter a valid email address.";
        return `${label} is not in the right format.`;
      case "invalid_value":
        return `${label} must be one of: ${issue.values.map(String).join(", ")}.`;
      case "unrecognized_keys":
        return `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`;
      case "invalid_union":
        return `${label} is not valid.`;
      case "not_multiple_of":
        // English zod's words, said here because the web app's zod/mini loads no locale of its own.
        return `Invalid number: must be a multiple of ${issue.divisor}`;
      default:
        return undefined;
    }
  };

export type FieldErrors = Record<string, string[]>;

/**
 * The `fields` of the 400 envelope: messages keyed by the field's dotted path ("_" for the body).
 * One message per field, the first, so a person fixes one thing at a time.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  // A Map, not an object's own keys: a client's key may be "__proto__" or "toString", which a plain
  // object already answers to, and which must be named like any other.
  const fields = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    if (!fields.has(key)) fields.set(key, [message]);
  };
  for (const issue of issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, "This field is not allowed.");
    } else {
      add(base || "_", issue.message);
    }
  }
  return Object.fromEntries(fields);
}
