import type { z } from "zod/mini";
import { fieldErrors, readableErrorFor } from "../../schemas/readable";
import { fieldRefusal, messages, notFound, Refusal } from "../refusal";
import { jsonLimitMessages, jsonLimits, refuseOversizedJson } from "./jsonLimits";

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

/**
 * Reads a JSON body; empty means `{}`, anything unparseable is the caller's mistake, not ours. Its
 * depth and number of values are bounded before JSON.parse builds it.
 */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") return {};
  refuseOversizedJson(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldRefusal("_", messages.badJson, "bad_json");
  }
  // JSON can only carry a NUL as the escape \u0000, so a body without one needs no walk.
  if (/\\u0000/.test(text)) refuseNul(value);
  return value;
}

/** A query string's parameters, refused whole if there are too many or any of them holds a NUL. */
export function parseQueryText(params: URLSearchParams): Record<string, string> {
  if (params.size > jsonLimits.maxQueryParameters)
    throw fieldRefusal("_", jsonLimitMessages.tooManyQueryParameters);
  const query = Object.fromEntries(params);
  refuseNul(query);
  return query;
}

/** Where a value sits in the body, kept as a link to its parent so a path is spelt out only when needed. */
interface Place {
  key: string;
  parent: Place | null;
}

const fieldAt = (place: Place | null) => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".") || "_";
};

/**
 * Postgres text cannot hold U+0000 and the driver throws on it, so a NUL anywhere in what a client
 * sent (a value or a key, however deep) is refused here as bad input, before any schema or query.
 * The walk keeps its own stack, so no body's shape can exhaust the call stack.
 */
function refuseNul(root: unknown): void {
  const pending: Array<{ value: unknown; place: Place | null }> = [{ value: root, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, place } = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) throw fieldRefusal(fieldAt(place), messages.nulCharacter);
    } else if (value && typeof value === "object") {
      // Pushed last to first, so the first NUL in the body's own order is the one named.
      const entries = Array.isArray(value)
        ? value.map((item, index) => [String(index), item])
        : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        if (key.includes("\u0000")) throw fieldRefusal(fieldAt(place), messages.nulCharacter);
        pending.push({ value: item, place: { key, parent: place } });
      }
    }
  }
}
