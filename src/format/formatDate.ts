// Intl does the formatting; we only pin the pattern (spec: "Mon D, YYYY") and the time zone.
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const lagos = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "Africa/Lagos",
});
const utc = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * "Jan 5, 2026". Moments are shown in Nigerian time; a bare calendar date (a birthday) is shown as
 * written. An invalid date throws rather than printing "Invalid Date" to a customer.
 */
export function formatDate(value: string | number | Date): string {
  const isCalendarDate = typeof value === "string" && dateOnly.test(value);
  const date = value instanceof Date ? value : new Date(isCalendarDate ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()) || (typeof value === "string" && !hasRealDay(value))) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return (isCalendarDate ? utc : lagos).format(date);
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

/** The year in Lagos, for "Member since 2024". */
export function yearOf(value: string | Date): number {
  return Number(formatDate(value).slice(-4));
}
