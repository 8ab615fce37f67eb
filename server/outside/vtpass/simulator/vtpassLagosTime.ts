import { lagosDay, lagosWallTime, sinceLagosMidnightMs } from "../../../lagosCalendar";

// VTpass lives in Lagos time: request ids start with the Lagos date and time, and it refuses one
// whose date is not today's there.
/** Just after midnight, an id made a moment before it (yesterday's date) is still accepted. */
const midnightGraceMs = 5 * 60_000;

/** YYYYMMDD in Lagos. */
export function lagosDate(at: Date): string {
  return lagosDay(at).replace(/-/g, "");
}

/** "2026-03-02T00:00:00", a date in Lagos `days` after `at`'s, as billers write due dates. */
export function lagosDayAfter(at: Date, days: number): string {
  const day = lagosWallTime(at.getTime() + days * 86_400_000).slice(0, 10);
  return `${day}T00:00:00`;
}

/** VTpass's transaction_date: UTC with microseconds, "2026-03-02T09:00:00.000000Z". */
export function vtpassTimestamp(iso: string): string {
  return iso.replace(/\.(\d{3})Z$/, ".$1000Z");
}

const requestIdShape = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})[A-Za-z0-9]{0,38}$/;

/**
 * A request id is YYYYMMDDHHmm in Lagos, then anything alphanumeric, 50 characters at most, and its
 * date must be today in Lagos (or yesterday in the first minutes after midnight). Only the date is
 * compared: the time part is the client's and clocks drift.
 */
export function isProperRequestId(requestId: string, now: Date): boolean {
  const parts = requestIdShape.exec(requestId);
  if (!parts) return false;
  const [, year, month, day, hour, minute] = parts.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDate = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!realDate || hour > 23 || minute > 59) return false;
  const stamp = requestId.slice(0, 8);
  if (stamp === lagosDate(now)) return true;
  return (
    sinceLagosMidnightMs(now) < midnightGraceMs &&
    stamp === lagosDate(new Date(now.getTime() - midnightGraceMs))
  );
}
