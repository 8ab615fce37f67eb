import { z } from "zod/mini";

/**
 * The years a client may name in a filter, a report, a run or a notice: OjaPay holds nothing from
 * before 2000 and plans nothing past 2100. Postgres has no year 0 and JavaScript writes years past
 * 9999 as "+010000", so a day outside these, passed on, would reach the database as text it refuses.
 */
export const firstDay = "2000-01-01";
export const lastDay = "2100-12-31";
const yearsMessage = `Choose a day from ${firstDay} to ${lastDay}.`;

/** A calendar day, `YYYY-MM-DD`, within the product's years. */
export const calendarDay = (formatError = "Write the day as YYYY-MM-DD.") =>
  z.iso
    .date({ error: formatError })
    .check(z.refine((value) => value >= firstDay && value <= lastDay, { error: yearsMessage }));

const firstInstant = Date.parse(`${firstDay}T00:00:00Z`);
const pastLastInstant = Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000;

/** An ISO-8601 time with its offset, within the product's years (judged in UTC, as it is stored). */
export const instant = z.iso.datetime({ offset: true }).check(
  z.refine(
    (value) => {
      const at = Date.parse(value);
      return at >= firstInstant && at < pastLastInstant;
    },
    { error: `Choose a time from ${firstDay} to ${lastDay}.` },
  ),
);
