/**
 * The client's one Lagos calendar. Lagos keeps West Africa Time, UTC+1, all year (no daylight
 * saving), so a fixed offset gives its days and years without building an Intl formatter, which
 * keeps the first draw of a signed-in page cheap. The server counts days the same way.
 */
const lagosOffsetMs = 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** The instant moved so that its UTC fields read as the wall clock in Lagos. */
const inLagos = (at: Date): Date => new Date(at.getTime() + lagosOffsetMs);

/** The calendar day in Lagos of an instant, as "2026-03-02" (the form the API takes). */
export const lagosDay = (at: Date): string => inLagos(at).toISOString().slice(0, 10);

/** The year in Lagos of an instant. */
export const lagosYear = (at: Date): number => inLagos(at).getUTCFullYear();

/** The calendar day `days` after (or before, if negative) a "YYYY-MM-DD" day. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** The day before today in Lagos. */
export const lagosYesterday = (now = new Date()): string => addDays(lagosDay(now), -1);
