import currency from "currency.js";
import { z } from "zod/mini";
import { maxControlId, maxKobo, maxPage, maxPlanId } from "./common";
import { maxRechargeCards, nameOnCardRule } from "./rechargePins";

/**
 * The market's dialect (docs/PROVIDERS.md, "The SME-data vendors"), as OjaPay answers it under
 * /reseller/api/ (docs/RESELLERS.md). Resellers' scripts write ids and amounts as numbers or as text,
 * and send fields of their own besides (`Ported_number`, `airtime_type`): bodies read both, and keep
 * only what they know.
 */

/**
 * A whole number written 7 or "7", from 1 to `most`, else `error`: within what its column holds, as a
 * vendor's Django model field bounds it, so no query is handed a number its parameter cannot carry.
 */
const wholeNumber = (most: number, error: string) =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+$/, { error }))], { error }),
      z.transform((value) => Number(value)),
    ),
    z.number().check(z.int({ error }), z.minimum(1, { error }), z.maximum(most, { error })),
  );

/** One of our catalogue's ids: a network, TV provider or disco is a smallint, a plan or bouquet a serial. */
const id = (title: string, most: number) => wholeNumber(most, `${title} must be a number from 1 to ${most}.`);

/**
 * Naira written 100, "100" or "100.50", in kobo (currency.js: never a float's rounding), up to the
 * most any amount may be (schemas/common.ts `maxKobo`).
 */
const nairaMessage = `amount must be an amount in naira, from 0.01 to ${maxKobo / 100}.`;
const naira = z.pipe(
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+(\.\d{1,2})?$/, { error: nairaMessage }))], {
      error: nairaMessage,
    }),
    z.transform((value) => currency(value).intValue),
  ),
  z
    .number()
    .check(
      z.int({ error: nairaMessage }),
      z.minimum(1, { error: nairaMessage }),
      z.maximum(maxKobo, { error: nairaMessage }),
    ),
);

const phone = z
  .string({ error: "mobile_number is required." })
  .check(
    z.trim(),
    z.regex(/^0[789][01]\d{8}$/, "mobile_number must be a Nigerian mobile number, e.g. 08031234567."),
  );

/** Digits written as text or as a number; a number past 2^53 is refused, as JSON.parse has already changed it. */
const digits = (name: string) =>
  z
    .pipe(
      z.union([z.int({ error: `${name} must be 6 to 20 digits.` }), z.string()], {
        error: `${name} is required.`,
      }),
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
  network: id("network", maxControlId),
  amount: naira,
  mobile_number: phone,
  airtime_type: z.optional(
    z.string().check(z.refine((t) => t.toUpperCase() === "VTU", "Only VTU airtime is sold.")),
  ),
  request_id: requestId,
});

export const msorgDataBody = z.object({
  network: z.optional(id("network", maxControlId)),
  plan: id("plan", maxPlanId),
  mobile_number: phone,
  request_id: requestId,
});

export const msorgCableBody = z.object({
  cablename: id("cablename", maxControlId),
  cableplan: id("cableplan", maxPlanId),
  smart_card_number: digits("smart_card_number"),
  request_id: requestId,
});

/** `MeterType` (or `mtype`) 1 is prepaid, 2 postpaid (the words are read too). */
const meterType = (name: string) => {
  const error = `${name} must be 1 (prepaid) or 2 (postpaid).`;
  return z.pipe(
    z.union([z.literal(1), z.literal(2), z.string()], { error }),
    z.transform((value, ctx) => {
      const word = String(value).trim().toLowerCase();
      if (word === "1" || word === "prepaid") return "prepaid" as const;
      if (word === "2" || word === "postpaid") return "postpaid" as const;
      ctx.issues.push({ code: "custom", input: value, message: error });
      return z.NEVER;
    }),
  );
};

export const msorgBillBody = z.object({
  disco_name: id("disco_name", maxControlId),
  amount: naira,
  meter_number: digits("meter_number"),
  MeterType: meterType("MeterType"),
  request_id: requestId,
});

export const msorgIucQuery = z.object({
  smart_card_number: digits("smart_card_number"),
  cablename: id("cablename", maxControlId),
});

export const msorgMeterQuery = z.object({
  meternumber: digits("meternumber"),
  disconame: id("disconame", maxControlId),
  mtype: meterType("mtype"),
});

/**
 * `GET <service>/?page=`: the account's purchases 20 a page, as Django REST framework pages them; a
 * page past the last is empty, one that is no page number at all is refused. Other parameters are
 * ignored, as DRF ignores them.
 */
export const msorgListQuery = z.object({
  page: z._default(wholeNumber(maxPage, `page must be a number from 1 to ${maxPage}.`), 1),
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
  /** One result checker's price at the account's level, in naira, by the exam name `epin/` takes. */
  Exam: z.record(z.string(), z.object({ amount: z.number() })),
  /** The recharge cards `rechargepin/` sells: `id` is the card's `network_amount`, priced at the level. */
  Rechargepin: z.array(
    z.object({
      id: z.number(),
      network: z.number(),
      plan_network: z.string(),
      amount: z.string().check(z.meta({ description: "The card's value, in naira" })),
      price: z.string().check(z.meta({ description: "One card at the account's level, in naira" })),
    }),
  ),
});

/** `epin/`: result-checker PINs by exam name (`WAEC`, `NECO`, `NABTEB`, any case), 1 to 10 at a time. */
const examNameMessage = "exam_name must be WAEC, NECO or NABTEB.";
export const msorgEpinBody = z.object({
  exam_name: z
    .string({ error: examNameMessage })
    .check(z.trim(), z.minLength(2, { error: examNameMessage }), z.maxLength(20, { error: examNameMessage })),
  quantity: wholeNumber(10, "quantity must be a number from 1 to 10."),
  request_id: requestId,
});

/**
 * `rechargepin/`: cards to print, 1 to 100 of one value. `network_amount` is the card's id from
 * `user/`'s `Rechargepin`; `network` must be its network. `name_on_card` is printed on each card, as
 * the customer's wizard takes it (1 to 30 printable characters, trimmed).
 */
export const msorgRechargepinBody = z.object({
  network: id("network", maxControlId),
  network_amount: id("network_amount", maxPlanId),
  quantity: wholeNumber(maxRechargeCards, `quantity must be a number from 1 to ${maxRechargeCards}.`),
  name_on_card: nameOnCardRule("name_on_card must be 1 to 30 letters, digits, spaces or punctuation."),
  request_id: requestId,
});
