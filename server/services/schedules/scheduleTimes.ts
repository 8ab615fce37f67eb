import { runsShown } from "../../../schemas/schedules";
import type { schedules } from "../../db/schema";
import {
  daysBefore,
  lagosDay,
  lagosDayStart,
  lagosTimestamp,
  nextRunAfter,
  type RunCalendar,
  runsAfter,
} from "../../lagosCalendar";

type ScheduleRow = typeof schedules.$inferSelect;

/** The Lagos time a TV renewal runs on its day (docs/decisions.md). */
export const renewalTime = "09:00";

/** A calendar schedule's calendar; a renewal has none (its runs follow the smartcard's due date). */
export function calendarOf(row: Pick<ScheduleRow, "every" | "at" | "day">): RunCalendar | null {
  if (row.every === "day") return { every: "day", at: row.at };
  if (row.every === "week" || row.every === "month")
    return { every: row.every, at: row.at, day: row.day ?? 1 };
  return null;
}

/** When a renewal of a smartcard due on `dueDate` runs: `days` days before, never before `now`. */
export const renewalRun = (dueDate: string, days: number, now: Date) => {
  const run = daysBefore(dueDate, days, renewalTime);
  return run > now ? run : now;
};

/**
 * The due date after a renewal of a smartcard due on `dueDate`: a month on (the same day, or the
 * month's last), or as many months on as put its run after `now`, so a card lapsed for months is
 * renewed once, not once for each month it missed.
 */
export function dueDateAfter(dueDate: string, days: number, now: Date): string {
  const month = { every: "month", at: "00:00", day: Number(dueDate.slice(8, 10)) } as const;
  let next = nextRunAfter(month, lagosDayStart(dueDate));
  while (daysBefore(lagosDay(next), days, renewalTime) <= now) next = nextRunAfter(month, next);
  return lagosDay(next);
}

/**
 * The period a due schedule runs now: the latest of its periods that has come. A schedule left behind
 * (every instance down for days) buys its latest missed period only, never a run of the ones before.
 */
export function periodDue(row: ScheduleRow, now: Date): Date {
  const calendar = calendarOf(row);
  let period = row.nextRunAt;
  if (!calendar) return period;
  for (let next = nextRunAfter(calendar, period); next <= now; next = nextRunAfter(calendar, next))
    period = next;
  return period;
}

/** The next five runs of an active schedule (a renewal's one, its later ones waiting on the provider). */
export function nextRunsOf(row: ScheduleRow): string[] {
  if (row.status !== "active") return [];
  const calendar = calendarOf(row);
  const runs = calendar
    ? [row.nextRunAt, ...runsAfter(calendar, row.nextRunAt, runsShown - 1)]
    : [row.nextRunAt];
  return runs.map(lagosTimestamp);
}
