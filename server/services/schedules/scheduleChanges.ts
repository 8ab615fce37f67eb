import { and, eq } from "drizzle-orm";
import type { Schedule } from "../../../schemas/schedules";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { schedules } from "../../db/schema";
import { nextRunAfter } from "../../lagosCalendar";
import { Refusal } from "../../refusal";
import { calendarOf, renewalRun } from "./scheduleTimes";
import { type ScheduleRow, scheduleRowOf, scheduleView } from "./scheduleViews";

interface ChangeDeps {
  db: Database;
  clock: Clock;
}

/** Writes the change only while the schedule is still as read (a run settling meanwhile is not undone). */
async function change(deps: ChangeDeps, row: ScheduleRow, values: Partial<ScheduleRow>): Promise<Schedule> {
  const [changed] = await deps.db
    .update(schedules)
    .set({ ...values, updatedAt: deps.clock.now() })
    .where(and(eq(schedules.id, row.id), eq(schedules.updatedAt, row.updatedAt)))
    .returning();
  if (!changed)
    throw new Refusal("changed_meanwhile", "This schedule changed just now. Look at it again and retry.");
  return scheduleView(changed);
}

/**
 * Pauses or resumes the customer's schedule. Resumed, it runs next at its first time after now (a
 * renewal: its days before the due date last verified); the periods it was paused through are not
 * bought, and its count of skips starts again.
 */
export async function pauseOrResume(
  deps: ChangeDeps,
  userId: string,
  id: string,
  action: "pause" | "resume",
): Promise<Schedule> {
  const row = await scheduleRowOf(deps.db, userId, id);
  if (action === "pause") {
    if (row.status === "paused") return scheduleView(row);
    return change(deps, row, { status: "paused", pausedReason: null });
  }
  if (row.status === "active") return scheduleView(row);
  const now = deps.clock.now();
  const calendar = calendarOf(row);
  const nextRunAt = calendar
    ? nextRunAfter(calendar, now)
    : renewalRun(row.dueDate ?? "", row.daysBefore ?? 1, now);
  return change(deps, row, { status: "active", pausedReason: null, skipsInRow: 0, nextRunAt, attempts: 0 });
}

/** Deletes the customer's schedule: it runs no more, and its runs stay on record. */
export async function deleteSchedule(deps: ChangeDeps, userId: string, id: string): Promise<Schedule> {
  const row = await scheduleRowOf(deps.db, userId, id);
  return change(deps, row, { status: "deleted" });
}
