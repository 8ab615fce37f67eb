import { z } from "zod/mini";
import { refusalCode } from "./refusals";

const fieldMessages = z.record(z.string(), z.array(z.string()));

/** Every successful answer of the API: `{ status: true, msg, data }`. */
export function envelope<T extends z.core.SomeType>(data: T) {
  return z.object({ status: z.literal(true), msg: z.string(), data });
}

/**
 * Every refusal: `{ status: false, code, msg, data }`, plus `fields` (the messages per field) when
 * the input was refused. `code` is what a program reads; `msg` is what a person reads.
 */
export const refusalEnvelope = z.object({
  status: z.literal(false),
  code: refusalCode,
  msg: z.string(),
  data: z.unknown(),
  fields: z.optional(fieldMessages),
});
export type RefusalEnvelope = z.output<typeof refusalEnvelope>;
