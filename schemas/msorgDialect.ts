import currency from "currency.js";
import { z } from "zod/mini";

/**
 * The market's dialect (docs/PROVIDERS.md, "The SME-data vendors"), as OjaPay answers it under
 * /reseller/api/ (docs/RESELLERS.md). Resellers' scripts write ids and amounts as numbers or as text,
 * and send fields of their own besides (`Ported_number`, `airtime_type`): bodies read both, and keep
 * only what they know.
 */

/** An id written 7 or "7". */
const id = (title: string) =>
  z.pipe(
    z.union([z.int(), z.string().check(z.trim(), z.regex(/^\d{1,9}$/))], {
      error: `${title} must be a number.`,
    }),
    z.transform((value) => Number(value)),
  );

/** Naira written 100, "100" or "100.50", in kobo (currency.js: never a float's rounding). */
const naira = z.pipe(
  z.union([z.number().check(z.positive()), z.string().check(z.trim(), z.regex(/^\d{1,9}(\.\d{1,2})?$/))], {
    error: "amount must be an amount in naira.",
  }),
  z.transform((value) => currency(value).intValue),
);

const phone = z
  .string({ error: "mobile_number is required." })
  .check(
    z.trim(),
    z.regex(/^0[789][01]\d{8}$/, "mobile_number must be a Nigerian mobile number, e.g. 08031234567."),
  );

const digits = (name: string) =>
  z
    .pipe(
      z.union([z.int(), z.string()], { error: `${name} is required.` }),
      z.transform((value) => String(value).trim()),
    )
    .check(z.refine((value: string) => /^\d{6,20}$/.test(value), `${name} must be 6 to 20 digits.`));

/**
 * Our extension: the same `request_id` answers the same record and never charges twice; the same id
 * with another body is refused. Without one, a second purchase of the same thing for the same number
 * within 30 seconds is refused as a likely double tap.
 */
const requestId = z.optional(
  z
    .string()
    .check(z.trim(), z.regex(/^[\w.:-]{1,64}$/, "request_id must be 1 to 64 letters, digits or _.:-")),
);

export const msorgTopupBody = z.object({
  network: id("network"),
  amount: naira,
  mobile_number: phone,
  airtime_type: z.optional(
    z.string().check(z.refine((t) => t.toUpperCase() === "VTU", "Only VTU airtime is sold.")),
  ),
  request_id: requestId,
});

export const msorgDataBody = z.object({
  network: z.optional(id("network")),
  plan: id("plan"),
  mobile_number: phone,
  request_id: requestId,
});

export const msorgCableBody = z.object({
  cablename: id("cablename"),
  cableplan: id("cableplan"),
  smart_card_number: digits("smart_card_number"),
  request_id: requestId,
});

/** `MeterType` 1 is prepaid, 2 postpaid (the words are read too). */
const meterType = z.pipe(
  z.union([z.literal(1), z.literal(2), z.string()], {
    error: "MeterType must be 1 (prepaid) or 2 (postpaid).",
  }),
  z.transform((value, ctx) => {
    const word = String(value).trim().toLowerCase();
    if (word === "1" || word === "prepaid") return "prepaid" as const;
    if (word === "2" || word === "postpaid") return "postpaid" as const;
    ctx.issues.push({
      code: "custom",
      input: value,
      message: "MeterType must be 1 (prepaid) or 2 (postpaid).",
    });
    return z.NEVER;
  }),
);

export const msorgBillBody = z.object({
  disco_name: id("disco_name"),
  amount: naira,
  meter_number: digits("meter_number"),
  MeterType: meterType,
  request_id: requestId,
});

export const msorgIucQuery = z.object({
  smart_card_number: digits("smart_card_number"),
  cablename: id("cablename"),
});

export const msorgMeterQuery = z.object({
  meternumber: digits("meternumber"),
  disconame: id("disconame"),
  mtype: meterType,
});

/** `GET <service>/<id>/`: a record is found by our id (a uuid); anything else is simply not found. */
export const msorgRecordParams = z.object({ id: z.uuid() });

/** A purchase as the dialect writes it; `refund` says its money went back to the wallet. */
export const msorgRecord = z.looseObject({
  id: z.string(),
  ident: z.string(),
  Status: z.enum(["successful", "failed", "processing"]),
  api_response: z.string(),
  refund: z.boolean(),
  paid_amount: z.string(),
  plan_amount: z.string(),
  balance_before: z.string(),
  balance_after: z.string(),
  create_date: z.string(),
  request_id: z.nullable(z.string()),
});
export type MsorgRecordOut = z.infer<typeof msorgRecord>;

export const msorgPlan = z.object({
  id: z.number(),
  dataplan_id: z.string(),
  network: z.number(),
  plan_type: z.string(),
  plan_network: z.string(),
  month_validate: z.string(),
  plan: z.string(),
  plan_amount: z.string(),
});

export const msorgAccount = z.object({
  user: z.object({
    username: z.string(),
    email: z.string(),
    phone: z.string(),
    wallet_balance: z.string(),
    bonus_balance: z.string(),
    user_type: z.string(),
  }),
  Dataplans: z.record(z.string(), z.object({ ALL: z.array(msorgPlan) })),
});
