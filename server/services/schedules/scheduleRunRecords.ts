import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { scheduleRuns, schedules } from "../../db/schema";
import type { UserRow } from "../../deps";
import { lagosTimestamp, nextRunAfter } from "../../lagosCalendar";
import type { MailOutbox } from "../../mail/outbox";
import { enqueueMail } from "../../mail/outbox";
import { noticeToCustomer } from "../notices/customerNotices";
import { runRequestId } from "./scheduleRequestIds";
import { calendarOf, dueDateAfter, renewalRun } from "./scheduleTimes";
import type { ScheduleRow } from "./scheduleViews";

export interface RecordDeps {
  db: Database;
  clock: Clock;
  outbox: Pick<MailOutbox, "kick">;
  config: { totpKey: Buffer };
}

/** Skips in a row after which a schedule pauses itself. */
export const skipsBeforePause = 3;

export type RunOutcome = { transactionId: string } | { skipped: string };

const dayMs = 86_400_000;

/** The period after `period`: the calendar's next, or for a renewal the next due date's (a skipped one tries again the next day). */
function nextAfter(row: ScheduleRow, period: Date, placed: boolean, now: Date) {
  const calendar = calendarOf(row);
  if (calendar) return { nextRunAt: nextRunAfter(calendar, period), dueDate: row.dueDate };
  if (!placed) return { nextRunAt: new Date(period.getTime() + dayMs), dueDate: row.dueDate };
  const dueDate = dueDateAfter(row.dueDate ?? "", row.daysBefore ?? 1, now);
  return { nextRunAt: renewalRun(dueDate, row.daysBefore ?? 1, now), dueDate };
}

function skippedWords(row: ScheduleRow, period: Date, why: string, paused: boolean) {
  const body = `Your scheduled purchase "${row.description}" due ${lagosTimestamp(period).slice(0, 16).replace("T", " ")} did not go: ${why} Nothing was charged.${paused ? ` It was skipped ${skipsBeforePause} times in a row, so it is paused now: resume it on the Schedules page once it can go.` : ""}`;
  return { title: paused ? "Scheduled purchase paused" : "Scheduled purchase skipped", body };
}

/**
 * Records a period's run once, and moves the schedule on to its next period from the calendar (never
 * from now, so a late run does not shift the ones after it). A skip is told to the customer by a
 * notice and an email, and the third in a row pauses the schedule. Another placing of the same period
 * that recorded it first wins; this one then changes nothing.
 */
export async function recordRun(
  deps: RecordDeps,
  row: ScheduleRow,
  user: Pick<UserRow, "id" | "email" | "firstName">,
  period: Date,
  outcome: RunOutcome,
): Promise<void> {
  const now = deps.clock.now();
  const placed = "transactionId" in outcome;
  const told = await deps.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(scheduleRuns)
      .values({
        scheduleId: row.id,
        period,
        requestId: runRequestId(row.id, period),
        transactionId: placed ? outcome.transactionId : null,
        skipped: placed ? null : outcome.skipped,
        ranAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!run) return false;
    const skips = placed ? 0 : row.skipsInRow + 1;
    const pause = skips >= skipsBeforePause;
    const next = nextAfter(row, period, placed, now);
    await tx
      .update(schedules)
      .set({
        ...next,
        skipsInRow: skips,
        status: pause
          ? sql`case when ${schedules.status} = 'active' then 'paused' else ${schedules.status} end`
          : undefined,
        pausedReason: pause ? `Skipped ${skipsBeforePause} times in a row.` : undefined,
        claimedBy: null,
        leaseUntil: null,
        attempts: 0,
        updatedAt: now,
      })
      .where(eq(schedules.id, row.id));
    if (placed) return false;
    const words = skippedWords(row, period, outcome.skipped, pause);
    await noticeToCustomer(tx, deps.clock, user.id, words);
    await enqueueMail(tx, deps, {
      kind: "schedule_skipped",
      to: user.email,
      subject: words.title,
      text: `Hello ${user.firstName},\n\n${words.body}\n`,
      secret: false,
    });
    return true;
  });
  if (told) deps.outbox.kick();
}

/** A renewal's smartcard is due later than it was: the run moves to its new date, nothing bought. */
export async function moveRenewal(
  deps: Pick<RecordDeps, "db" | "clock">,
  row: ScheduleRow,
  card: { name: string; dueDate: string },
) {
  const now = deps.clock.now();
  await deps.db
    .update(schedules)
    .set({
      dueDate: card.dueDate,
      verifiedName: card.name,
      nextRunAt: renewalRun(card.dueDate, row.daysBefore ?? 1, now),
      claimedBy: null,
      leaseUntil: null,
      attempts: 0,
      updatedAt: now,
    })
    .where(eq(schedules.id, row.id));
}
