import { z } from "zod/mini";
import { integer, kobo, pageQuery, pin, timestamp } from "./common";
import { airtimePurchaseBody, dataPurchaseBody, tvBuyBody } from "./purchases";
import { transactionStatus } from "./transactions";

// Scheduled purchases: an airtime or data purchase on a Lagos calendar, or a TV bouquet renewed some
// days before its smartcard's due date. The order's fields are the single purchase's own; the PIN is
// checked once, when the schedule is made, and authorises its runs (server/services/schedules/).

/** How many schedules a customer may have that are not deleted (docs/decisions.md). */
export const maxSchedules = 20;
/** How many run times a schedule's answer names ahead. */
export const runsShown = 5;

export const every = z.enum(["day", "week", "month"], { error: "Choose daily, weekly or monthly." });
export type Every = z.infer<typeof every>;

export const runTime = z
  .string()
  .check(
    z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Enter a time as HH:MM, like 07:30." }),
    z.meta({ title: "Time", description: "Lagos time, HH:MM (24-hour)" }),
  );

const calendar = {
  every,
  at: runTime,
  day: z.optional(
    integer().check(
      z.minimum(1, { error: "Choose a day." }),
      z.maximum(31, { error: "Choose a day." }),
      z.meta({
        title: "Day",
        description: "The weekday (1 Monday … 7 Sunday) weekly, the day of the month monthly",
      }),
    ),
  ),
};

const daysBefore = integer().check(
  z.minimum(1, { error: "Renew 1 to 7 days before the due date." }),
  z.maximum(7, { error: "Renew 1 to 7 days before the due date." }),
  z.meta({
    title: "Days before",
    description: "How many days before the smartcard's due date it is renewed",
  }),
);

export const scheduleCreateBody = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("airtime"),
    ...z.pick(airtimePurchaseBody, { network_id: true, phone: true, amount: true }).shape,
    ...calendar,
    pin,
  }),
  z.strictObject({
    kind: z.literal("data"),
    ...z.pick(dataPurchaseBody, { plan_id: true, phone: true }).shape,
    ...calendar,
    pin,
  }),
  z.strictObject({
    kind: z.literal("tv_renewal"),
    ...z.pick(tvBuyBody, { provider_id: true, smartcard: true }).shape,
    plan_id: z.optional(tvBuyBody.shape.plan_id),
    days_before: daysBefore,
    pin,
  }),
]);
export type ScheduleCreateBody = z.infer<typeof scheduleCreateBody>;
export const scheduleKind = z.enum(["airtime", "data", "tv_renewal"]);
export type ScheduleKind = z.infer<typeof scheduleKind>;

export const scheduleChangeBody = z.strictObject({
  action: z.enum(["pause", "resume"], { error: "Choose pause or resume." }),
});

export const scheduleStatus = z.enum(["active", "paused", "deleted"]);

/** A run: its period, and its purchase's own status, or `skipped` with why. */
export const scheduleRun = z.object({
  period: timestamp,
  status: z.enum(["skipped", ...transactionStatus.options]),
  transaction_id: z.nullable(z.uuid()),
  reference: z.nullable(z.string()),
  total: z.nullable(kobo),
  msg: z
    .nullable(z.string())
    .check(z.meta({ description: "Why the run was skipped, or its purchase failed" })),
});
export type ScheduleRun = z.infer<typeof scheduleRun>;

export const schedule = z.object({
  id: z.uuid(),
  kind: scheduleKind,
  description: z.string(),
  order: z.record(z.string(), z.unknown()),
  every: z.nullable(every),
  at: z.string(),
  day: z.nullable(integer()),
  days_before: z.nullable(integer()),
  due_date: z
    .nullable(z.string())
    .check(z.meta({ description: "A renewal's due date at its last verification" })),
  verified_name: z.nullable(z.string()),
  status: scheduleStatus,
  paused_reason: z.nullable(z.string()),
  skips_in_row: integer(),
  next_runs: z
    .array(timestamp)
    .check(
      z.meta({ description: "The next five run times, Lagos time with its offset; none unless active" }),
    ),
  created_at: timestamp,
});
export type Schedule = z.infer<typeof schedule>;

export const scheduleDetail = z.extend(schedule, {
  runs: z.array(scheduleRun).check(z.meta({ description: "The last runs, newest first" })),
});
export type ScheduleDetail = z.infer<typeof scheduleDetail>;

export const scheduleListQuery = pageQuery;
