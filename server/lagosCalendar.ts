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
