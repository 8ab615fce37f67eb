import { z } from "zod";

/** Every answer of the API: `{ status, msg, data }`, plus `fields` when the input was refused. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.boolean(),
    msg: z.string(),
    data,
    fields: z.record(z.string(), z.array(z.string())).optional(),
  });
}

export const anyEnvelope = envelope(z.unknown());
export type Envelope<T = unknown> = {
  status: boolean;
  msg: string;
  data: T;
  fields?: Record<string, string[]>;
};

export const validationFailure = envelope(z.null()).extend({
  fields: z.record(z.string(), z.array(z.string())),
});
