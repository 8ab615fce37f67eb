/**
 * The Lagos calendar, the server's one reading of it (the client has src's, SQL has `lagos_day`).
 * Nigeria keeps UTC+1 all year (no daylight saving), so Lagos wall time is a fixed hour off UTC.
 */
const lagosOffsetMs = 3_600_000;
const dayMs = 86_400_000;

/** Lagos's offset as an ISO timestamp writes it. */
export const lagosZone = "+01:00";

/**
 * Lagos wall time as an ISO string, "2026-03-02T10:00:00.000Z" at 09:00 UTC: its fields are Lagos's
 * date and time (the "Z" is not a zone), to cut the parts a format needs from.
 */
export function lagosWallTime(at: Date | number): string {
  return new Date(+at + lagosOffsetMs).toISOString();
}

/** How long it has been since midnight in Lagos. */
export const sinceLagosMidnightMs = (at: Date): number => (at.getTime() + lagosOffsetMs) % dayMs;

/** The instant a Lagos calendar day ("2026-03-02") begins. */
export function lagosDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - lagosOffsetMs);
}

/** The Lagos calendar day an instant falls on. */
export function lagosDay(at: Date): string {
  return lagosWallTime(at).slice(0, 10);
}

/** An instant as Lagos time with its offset, "2026-03-02T14:05:09.120+01:00", as Django writes one. */
export function lagosTimestamp(at: Date): string {
  return `${lagosWallTime(at).slice(0, 23)}${lagosZone}`;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** SQL for the Lagos calendar day of a timestamptz column as text, for grouping: the database's `lagos_day`. */
export const lagosDaySql = (column: string) => `to_char(lagos_day(${column}), 'YYYY-MM-DD')`;

/** The Lagos calendar month an instant falls in, as the instants it begins and the next one begins. */
export function lagosMonth(at: Date): { start: Date; end: Date } {
  const [year = 0, month = 1] = lagosDay(at).split("-").map(Number);
  // Date.UTC's month counts from 0, so the 1-based month names the next one; December rolls the year.
  const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return { start: lagosDayStart(`${lagosDay(at).slice(0, 7)}-01`), end: lagosDayStart(next) };
}

/** How often a scheduled purchase runs, at Lagos's "HH:MM": `day` is the weekday (1 Monday … 7) or the month's day. */
export type RunCalendar =
  | { every: "day"; at: string }
  | { every: "week"; at: string; day: number }
  | { every: "month"; at: string; day: number };

/** The instant a Lagos wall time falls on; `month` counts from 1 and may run past 12 (Date.UTC carries it). */
const lagosInstant = (year: number, month: number, day: number, at: string): Date => {
  const [hours = 0, minutes = 0] = at.split(":").map(Number);
  return new Date(Date.UTC(year, month - 1, day, hours, minutes) - lagosOffsetMs);
};

/** The days in a month (1-based, may run past 12): day 0 of the next is its last. */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The first run strictly after `after`. A month's day past its end is its last day (31 January, then
 * 28 or 29 February, then 31 March: each month is counted from the calendar, never from the run
 * before, so a short month never shifts the ones after it).
 */
export function nextRunAfter(calendar: RunCalendar, after: Date): Date {
  const [year = 0, month = 1, day = 1] = lagosDay(after).split("-").map(Number);
  if (calendar.every === "month") {
    for (let m = month; ; m++) {
      const run = lagosInstant(year, m, Math.min(calendar.day, daysIn(year, m)), calendar.at);
      if (run > after) return run;
    }
  }
  // The weekday of the Lagos day, 1 (Monday) to 7 (Sunday).
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  const step = calendar.every === "week" ? 7 : 1;
  let ahead = calendar.every === "week" ? (calendar.day - weekday + 7) % 7 : 0;
  for (;;) {
    const run = lagosInstant(year, month, day + ahead, calendar.at);
    if (run > after) return run;
    ahead += step;
  }
}

/** The next `count` runs after `after`, each from the calendar. */
export function runsAfter(calendar: RunCalendar, after: Date, count: number): Date[] {
  const runs: Date[] = [];
  let last = after;
  for (let i = 0; i < count; i++) {
    last = nextRunAfter(calendar, last);
    runs.push(last);
  }
  return runs;
}

/** `days` whole Lagos days before a Lagos calendar day, at Lagos's `at`: when a renewal due that day runs. */
export function daysBefore(day: string, days: number, at: string): Date {
  const [year = 0, month = 1, date = 1] = addDays(day, -days).split("-").map(Number);
  return lagosInstant(year, month, date, at);
}
