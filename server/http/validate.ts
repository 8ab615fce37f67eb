import type { z } from "zod";
import { fieldErrors, readableErrorFor } from "../../schemas/readable";
import { ApiError, messages } from "./errors";

/** Parses with the shared schema; a refusal becomes a 400 with `fields` and the first message as `msg`. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  status: 400 | 404 = 400,
): z.output<S> {
  const result = schema.safeParse(value, { error: readableErrorFor(schema) });
  if (result.success) return result.data;
  if (status === 404) throw new ApiError(404, messages.notFound);
  const first = result.error.issues[0];
  if (first?.code === "invalid_type" && first.path.length === 0) {
    throw new ApiError(400, messages.notAnObject, null, { _: [messages.notAnObject] });
  }
  throw new ApiError(
    400,
    first?.message ?? "The request is not valid.",
    null,
    fieldErrors(result.error.issues),
  );
}

/** Reads a JSON body; empty means `{}`, anything unparseable is the caller's mistake, not ours. */
export function parseJsonText(text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, messages.badJson, null, { _: [messages.badJson] });
  }
}
