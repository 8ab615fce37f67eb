import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Schedule, ScheduleDetail, ScheduleRun } from "../../../schemas/schedules";
import type { Queryable } from "../../db/database";
import { newestPage, type PageRequest, pageOf } from "../../db/paging";
import { scheduleRuns, schedules, transactions } from "../../db/schema";
import { lagosTimestamp } from "../../lagosCalendar";
import { notFound } from "../../refusal";
import { nextRunsOf } from "./scheduleTimes";

export type ScheduleRow = typeof schedules.$inferSelect;

/** How many of its last runs a schedule's page shows. */
const runsListed = 10;

export function scheduleView(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    order: row.order as Record<string, unknown>,
    every: row.every,
    at: row.at,
    day: row.day,
    days_before: row.daysBefore,
    due_date: row.dueDate,
    verified_name: row.verifiedName,
    status: row.status,
    paused_reason: row.pausedReason,
    skips_in_row: row.skipsInRow,
    next_runs: nextRunsOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** The schedule `id` of `userId`, not deleted; another account's (or a deleted one) is not found. */
export async function scheduleRowOf(db: Queryable, userId: string, id: string): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.userId, userId), ne(schedules.status, "deleted")));
  if (!row) throw notFound("No such schedule.");
  return row;
}

/** The schedule with its last runs, newest first: a run's status is its purchase's, read each time. */
export async function scheduleDetailOf(db: Queryable, userId: string, id: string): Promise<ScheduleDetail> {
  const row = await scheduleRowOf(db, userId, id);
  const runs = await db
    .select({ run: scheduleRuns, txn: transactions })
    .from(scheduleRuns)
    .leftJoin(transactions, eq(transactions.id, scheduleRuns.transactionId))
    .where(eq(scheduleRuns.scheduleId, id))
    .orderBy(desc(scheduleRuns.period))
    .limit(runsListed);
  return {
    ...scheduleView(row),
    runs: runs.map(
      ({ run, txn }): ScheduleRun => ({
        period: lagosTimestamp(run.period),
        status: txn?.status ?? "skipped",
        transaction_id: txn?.id ?? null,
        reference: txn?.reference ?? null,
        total: txn?.total ?? null,
        msg: run.skipped ?? txn?.failureReason ?? null,
      }),
    ),
  };
}

/** The account's schedules that are not deleted, newest first. */
export async function listSchedules(db: Queryable, userId: string, page: PageRequest) {
  const mine = and(eq(schedules.userId, userId), ne(schedules.status, "deleted"));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(schedules).where(mine),
    newestPage(db.select().from(schedules).where(mine).$dynamic(), schedules, page),
  ]);
  return pageOf(page, total?.n, rows.map(scheduleView));
}
