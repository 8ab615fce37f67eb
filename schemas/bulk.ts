import { z } from "zod/mini";
import { integer, kobo, pageQuery, pin, timestamp } from "./common";
import { transactionStatus } from "./transactions";
import { requestId } from "./wallet";

// Bulk purchases: one order of up to `maxBulkRows` airtime or data purchases for many numbers. A row
// names its network and plan by id (the page turns a pasted name into an id from the catalogue it
// already has); its values are only typed here, so one bad number is that row's message in the
// preview, not a refusal of the whole list. The values' rules are the single purchase's own, applied
// per row by the server (server/services/bulk/).

export const bulkKinds = ["airtime", "data"] as const;
export const bulkKind = z.enum(bulkKinds, { error: "Choose airtime or data." });
export type BulkKind = z.infer<typeof bulkKind>;

export const maxBulkRows = 500;

const phoneText = z.string().check(z.maxLength(40), z.meta({ title: "Phone number" }));
const wholeNumber = (title: string) => integer().check(z.meta({ title }));

export const bulkAirtimeRow = z.strictObject({
  phone: phoneText,
  network_id: wholeNumber("Network"),
  amount: wholeNumber("Amount").check(z.meta({ description: "Airtime's value, in kobo" })),
});
export const bulkDataRow = z.strictObject({ phone: phoneText, plan_id: wholeNumber("Plan") });
export type BulkAirtimeRow = z.infer<typeof bulkAirtimeRow>;
export type BulkDataRow = z.infer<typeof bulkDataRow>;

const rowsOf = <T extends z.ZodMiniType>(row: T) =>
  z
    .array(row)
    .check(
      z.minLength(1, { error: "Add at least one number." }),
      z.maxLength(maxBulkRows, { error: `At most ${maxBulkRows} numbers in one batch.` }),
    );

const orderShapes = {
  airtime: { kind: z.literal("airtime"), rows: rowsOf(bulkAirtimeRow) },
  data: { kind: z.literal("data"), rows: rowsOf(bulkDataRow) },
};

/** What the preview checks: the kind and its rows. */
export const bulkPreviewBody = z.discriminatedUnion("kind", [
  z.strictObject(orderShapes.airtime),
  z.strictObject(orderShapes.data),
]);
export type BulkPreviewBody = z.infer<typeof bulkPreviewBody>;

/** Starting a batch: the rows, the PIN (checked once, for the whole batch) and the request id. */
export const bulkStartBody = z.discriminatedUnion("kind", [
  z.strictObject({ ...orderShapes.airtime, pin, request_id: requestId }),
  z.strictObject({ ...orderShapes.data, pin, request_id: requestId }),
]);
export type BulkStartBody = z.infer<typeof bulkStartBody>;

/** A program's batch (v1): the same, the API key standing for the PIN. */
export const v1BatchBody = z.discriminatedUnion("kind", [
  z.strictObject({ ...orderShapes.airtime, request_id: requestId }),
  z.strictObject({ ...orderShapes.data, request_id: requestId }),
]);
export type V1BatchBody = z.infer<typeof v1BatchBody>;

/** One row as the preview judged it. `row` counts from 1, as the page numbers them. */
export const bulkPreviewRow = z.object({
  row: integer(),
  ok: z.boolean(),
  price: z.optional(kobo).check(z.meta({ description: "What the wallet would pay, at your level" })),
  description: z.optional(z.string()),
  msg: z.optional(z.string()).check(z.meta({ description: "Why the row cannot be bought" })),
  fields: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRow>;

export const bulkPreview = z.object({
  kind: bulkKind,
  count: integer(),
  good: integer().check(z.meta({ description: "Rows that can be bought" })),
  total: kobo.check(z.meta({ description: "What the good rows cost together" })),
  balance: kobo,
  covered: z.boolean().check(z.meta({ description: "Whether the wallet holds the total now" })),
  rows: z.array(bulkPreviewRow),
});
export type BulkPreview = z.infer<typeof bulkPreview>;

/** A row's outcome: `queued` until its purchase is placed, then that purchase's own status. */
export const bulkRowStatus = z.enum(["queued", ...transactionStatus.options]);
export type BulkRowStatus = z.infer<typeof bulkRowStatus>;

export const bulkRowOutcome = z.object({
  row: integer(),
  phone: z.string(),
  description: z.string(),
  amount: z
    .nullable(kobo)
    .check(z.meta({ description: "An airtime row's value, in kobo (what the price is discounted from)" })),
  status: bulkRowStatus,
  transaction_id: z.nullable(z.uuid()),
  reference: z.nullable(z.string()).check(z.meta({ description: "The purchase's reference" })),
  total: z.nullable(kobo).check(z.meta({ description: "What the purchase took from the wallet" })),
  msg: z.nullable(z.string()).check(z.meta({ description: "Why it failed or was not placed" })),
});
export type BulkRowOutcome = z.infer<typeof bulkRowOutcome>;

/** A batch's progress. A row placed is `done`; `failed` counts refunded, reversed and refused rows too. */
export const bulkBatch = z.object({
  id: z.uuid(),
  kind: bulkKind,
  status: z.enum(["running", "finished"]),
  request_id: z.string(),
  count: integer(),
  queued: integer(),
  done: integer(),
  successful: integer(),
  pending: integer(),
  failed: integer(),
  total: kobo.check(z.meta({ description: "What the rows cost as the batch started" })),
  charged: kobo.check(z.meta({ description: "What the placed rows' purchases hold or took now" })),
  created_at: timestamp,
  finished_at: z.nullable(timestamp),
});
export type BulkBatch = z.infer<typeof bulkBatch>;

export const bulkBatchDetail = z.extend(bulkBatch, { rows: z.array(bulkRowOutcome) });
export type BulkBatchDetail = z.infer<typeof bulkBatchDetail>;

export const bulkListQuery = pageQuery;
