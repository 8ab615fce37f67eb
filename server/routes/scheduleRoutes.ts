import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { deleteSchedule, pauseOrResume } from "../services/schedules/scheduleChanges";
import { createSchedule } from "../services/schedules/scheduleCreate";
import { listSchedules, scheduleDetailOf } from "../services/schedules/scheduleViews";

/** Scheduled purchases: made with the PIN once, read, paused, resumed and deleted. */
export function scheduleRoutes(deps: AppDeps) {
  return [
    implement("POST /core/customer/schedules", async ({ body, c }) => ({
      msg: "Purchase scheduled.",
      data: await createSchedule(deps, sessionOf(c).user, body),
    })),
    implement("GET /core/customer/schedules", async ({ query, c }) => ({
      msg: "Schedules retrieved.",
      data: await listSchedules(deps.db, sessionOf(c).user.id, query),
    })),
    implement("GET /core/customer/schedules/:id", async ({ params, c }) => ({
      msg: "Schedule retrieved.",
      data: await scheduleDetailOf(deps.db, sessionOf(c).user.id, params.id),
    })),
    implement("PATCH /core/customer/schedules/:id", async ({ params, body, c }) => ({
      msg: body.action === "pause" ? "Schedule paused." : "Schedule resumed.",
      data: await pauseOrResume(deps, sessionOf(c).user.id, params.id, body.action),
    })),
    implement("DELETE /core/customer/schedules/:id", async ({ params, c }) => ({
      msg: "Schedule deleted.",
      data: await deleteSchedule(deps, sessionOf(c).user.id, params.id),
    })),
  ];
}
