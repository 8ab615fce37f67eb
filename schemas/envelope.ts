import { z } from "zod/mini";
import { refusalCode } from "./refusals";

/** A refusal's messages per field, keyed by the field's path. */
export const fieldMessages = z.record(z.string(), z.array(z.string()));

/** Every successful answer of the API: `{ status: true, msg, data }`. */
export function envelope<T extends z.core.SomeType>(data: T) {
  return z.object({ status: z.literal(true), msg: z.string(), data });
}

const refusalShape = {
  status: z.literal(false),
  code: refusalCode,
  msg: z.string(),
  data: z.unknown(),
  fields: z.optional(fieldMessages),
};

/**
 * Every refusal: `{ status: false, code, msg, data, req_id }`, plus `fields` (the messages per field)
 * when the input was refused. `code` is what a program reads; `msg` is what a person reads; `req_id`
 * is the answer's `X-Request-Id`, which every log line about the request carries, for support to find
 * it. (Not `request_id`: that is the caller's idempotency key in a body.)
 */
export const refusalEnvelope = z.object({ ...refusalShape, req_id: z.string() });
export type RefusalEnvelope = z.output<typeof refusalEnvelope>;

/**
 * A refusal as a reader takes it: an older server or a proxy speaking the envelope may send no
 * `req_id`, and its `code` still counts.
 */
export const refusalReading = z.object({ ...refusalShape, req_id: z.optional(z.string()) });
