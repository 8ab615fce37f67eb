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
  if (Number.isNaN(date.getTime()) || (typeof value === "string" && value.trim() === "")) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return (isCalendarDate ? utc : lagos).format(date);
}

/** The year in Lagos, for "Member since 2024". */
export function yearOf(value: string | Date): number {
  return Number(formatDate(value).slice(-4));
}
