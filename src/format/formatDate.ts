import { lagosYear } from "./lagosCalendar";
import { onFirstUse } from "./onFirstUse";

// Intl does the formatting; we only pin the pattern (spec: "Mon D, YYYY") and the time zone.
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const lagos = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "Africa/Lagos",
    }),
);
const utc = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
);

/** The date a value names, and whether it is a bare calendar date; throws on an invalid one. */
function readDate(value: string | number | Date): { date: Date; isCalendarDate: boolean } {
  const isCalendarDate = typeof value === "string" && dateOnly.test(value);
  const date = value instanceof Date ? value : new Date(isCalendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()) || (typeof value === "string" && !hasRealDay(value))) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return { date, isCalendarDate };
}

/**
 * "Jan 5, 2026". Moments are shown in Nigerian time; a bare calendar date (a birthday) is shown as
 * written. An invalid date throws rather than printing "Invalid Date" to a customer.
 */
export function formatDate(value: string | number | Date): string {
  const { date, isCalendarDate } = readDate(value);
  return (isCalendarDate ? utc() : lagos()).format(date);
}

/** JavaScript reads "2026-02-30" as March 2; a day its month does not have is an invalid date here. */
function hasRealDay(text: string): boolean {
  if (text.trim() === "") return false;
  const parts = text.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!parts) return true;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** The year in Lagos, for "Member since 2024" in every signed-in page's sidebar; a bare date's own year. */
export function yearOf(value: string | Date): number {
  const { date, isCalendarDate } = readDate(value);
  return isCalendarDate ? date.getUTCFullYear() : lagosYear(date);
}
