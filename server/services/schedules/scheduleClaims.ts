import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database } from "../../db/database";
import { type InstancePresence, livingInstances } from "../../db/instancePresence";
import { schedules } from "../../db/schema";
import type { ScheduleRow } from "./scheduleViews";

export interface ClaimDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, "providerTimeoutMs" | "requeryBaseDelayMs">;
  instance: Pick<InstancePresence, "id">;
}

/**
 * How long a claimed run is this instance's alone: a renewal's smartcard checked again, the purchase's
 * first look and hold, the provider's answer (each cut at its time limit, a second provider's too) and
 * the settle. A crashed instance's claims are taken over at once (`livingInstances`), a stuck one's
 * when this runs out.
 */
const leaseMs = (config: ClaimDeps["config"]) => 4 * config.providerTimeoutMs + config.requeryBaseDelayMs;

/**
 * Claims up to `limit` active schedules whose run is due, in one statement (FOR UPDATE SKIP LOCKED, so
 * instances claiming at once take different ones), each leased to this instance; the longest due first.
 */
export async function claimDueRuns(deps: ClaimDeps, limit: number): Promise<ScheduleRow[]> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ id: schedules.id })
    .from(schedules)
    .where(
      and(
        eq(schedules.status, "active"),
        lte(schedules.nextRunAt, now),
        or(
          isNull(schedules.leaseUntil),
          lte(schedules.leaseUntil, now),
          sql`${schedules.claimedBy} not in ${livingInstances}`,
        ),
      ),
    )
    .orderBy(asc(schedules.nextRunAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await deps.db
    .update(schedules)
    .set({
      claimedBy: deps.instance.id,
      leaseUntil: new Date(now.getTime() + leaseMs(deps.config)),
      attempts: sql`${schedules.attempts} + 1`,
    })
    .where(sql`${schedules.id} in (${due})`)
    .returning();
  return claimed.sort((a, b) => a.nextRunAt.getTime() - b.nextRunAt.getTime());
}
