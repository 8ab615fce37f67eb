import type { z } from "zod/mini";
import { fieldErrors, readableErrorFor } from "../../schemas/readable";
import { fieldRefusal, messages, notFound, Refusal } from "../refusal";

/** Parses with the shared schema; a refusal becomes a 400 with `fields` and the first message as `msg`. */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  status: 400 | 404 = 400,
): z.output<S> {
  const result = schema.safeParse(value, { error: readableErrorFor(schema) });
  if (result.success) return result.data;
  if (status === 404) throw notFound();
  const first = result.error.issues[0];
  if (first?.code === "invalid_type" && first.path.length === 0) {
    throw fieldRefusal("_", messages.notAnObject, "bad_json");
  }
  throw new Refusal("invalid_input", first?.message ?? "The request is not valid.", {
    fields: fieldErrors(result.error.issues),
  });
}

/** Reads a JSON body; empty means `{}`, anything unparseable is the caller's mistake, not ours. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldRefusal("_", messages.badJson, "bad_json");
  }
  refuseNul(value);
  return value;
}

/** A query string's parameters, refused whole if any of them holds a NUL. */
export function parseQueryText(params: URLSearchParams): Record<string, string> {
  const query = Object.fromEntries(params);
  refuseNul(query);
  return query;
}

/**
 * Postgres text cannot hold U+0000 and the driver throws on it, so a NUL anywhere in what a client
 * sent (a value or a key, however deep) is refused here as bad input, before any schema or query.
 */
function refuseNul(value: unknown, path: string[] = []): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      const field = path.join(".") || "_";
      throw fieldRefusal(field, messages.nulCharacter);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) refuseNul(item, [...path, String(index)]);
    return;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      refuseNul(key, path);
      refuseNul(item, [...path, key]);
    }
  }
}
