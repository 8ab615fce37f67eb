import { randomUUID } from "node:crypto";
import { and, count, eq, ne } from "drizzle-orm";
import { maxSchedules, type Schedule, type ScheduleCreateBody } from "../../../schemas/schedules";
import type { Queryable } from "../../db/database";
import { schedules } from "../../db/schema";
import type { UserRow } from "../../deps";
import { nextRunAfter } from "../../lagosCalendar";
import { fieldRefusal, Refusal } from "../../refusal";
import { lockCustomer } from "../accounts/customerLock";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { checkPin } from "../purchases/purchaseRules";
import { plannedOrder } from "./scheduleOrders";
import { calendarOf, renewalRun, renewalTime } from "./scheduleTimes";
import { scheduleView } from "./scheduleViews";

/** A weekly schedule's day is a weekday, a monthly one's a day of the month, a daily one has none. */
function checkDay(body: ScheduleCreateBody) {
  if (body.kind === "tv_renewal") return;
  if (body.every === "day" && body.day !== undefined)
    throw fieldRefusal("day", "A daily purchase has no day: leave it out.");
  if (body.every === "week" && (body.day === undefined || body.day > 7))
    throw fieldRefusal("day", "Choose a weekday, 1 (Monday) to 7 (Sunday).");
  if (body.every === "month" && body.day === undefined)
    throw fieldRefusal("day", "Choose a day of the month, 1 to 31.");
}

async function assertRoom(db: Queryable, userId: string) {
  const [kept] = await db
    .select({ n: count() })
    .from(schedules)
    .where(and(eq(schedules.userId, userId), ne(schedules.status, "deleted")));
  if ((kept?.n ?? 0) >= maxSchedules)
    throw new Refusal(
      "limit_reached",
      `You have ${maxSchedules} schedules, the most one account may keep. Delete one to add another.`,
    );
}

/**
 * Makes a schedule: its calendar and order checked as the purchase would be (400 with `fields`), then
 * the PIN, once (its tries counted as a purchase's), which authorises every run. Answers it with its
 * next five run times.
 */
export async function createSchedule(
  deps: PurchaseDeps,
  user: UserRow,
  body: ScheduleCreateBody,
): Promise<Schedule> {
  checkDay(body);
  // Early, so a full account spends no PIN try and no smartcard check; counted again below, locked.
  await assertRoom(deps.db, user.id);
  const planned = await plannedOrder(deps, user, body);
  await checkPin(deps, user, body.pin);
  const now = deps.clock.now();
  const calendar =
    body.kind === "tv_renewal" ? null : calendarOf({ every: body.every, at: body.at, day: body.day ?? null });
  const card = planned.card;
  const nextRunAt = calendar
    ? nextRunAfter(calendar, now)
    : renewalRun(card?.dueDate ?? "", body.kind === "tv_renewal" ? body.days_before : 1, now);
  // Counted and added under the customer's row lock, so parallel creates cannot pass the cap together.
  const row = await deps.db.transaction(async (tx) => {
    await lockCustomer(tx, user.id);
    await assertRoom(tx, user.id);
    const [made] = await tx
      .insert(schedules)
      .values({
        id: randomUUID(),
        userId: user.id,
        kind: body.kind,
        order: planned.order,
        every: body.kind === "tv_renewal" ? null : body.every,
        at: body.kind === "tv_renewal" ? renewalTime : body.at,
        day: body.kind === "tv_renewal" ? null : (body.day ?? null),
        daysBefore: body.kind === "tv_renewal" ? body.days_before : null,
        verifiedName: card?.name ?? null,
        dueDate: card?.dueDate ?? null,
        description: planned.description,
        status: "active",
        nextRunAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return made;
  });
  if (!row) throw new Error("the schedule was not written");
  return scheduleView(row);
}
