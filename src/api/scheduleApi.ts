import type { BodyOf } from "../../schemas/routes/contract";
import { scheduleContracts } from "../../schemas/routes/schedules";
import type { ApiClient } from "./client";

type Schedules = typeof scheduleContracts;
// The page shows a refusal beside its form or its schedule; pausing, resuming and deleting are said by
// the schedule's new status, so no toast says it again.
const shownOnPage = { announceSuccess: false, quietFailure: true } as const;

/** The schedules page's calls; the customer API loads them with the page's first (customerApi's `schedules`). */
export function scheduleApi(client: ApiClient) {
  return {
    list: () => client.call(scheduleContracts, "GET /core/customer/schedules", { query: { page_size: 100 } }),
    create: (body: BodyOf<Schedules["POST /core/customer/schedules"]>) =>
      client.call(scheduleContracts, "POST /core/customer/schedules", { body }, shownOnPage),
    read: (id: string) =>
      client.call(scheduleContracts, "GET /core/customer/schedules/:id", { params: { id } }, shownOnPage),
    change: (id: string, action: "pause" | "resume") =>
      client.call(
        scheduleContracts,
        "PATCH /core/customer/schedules/:id",
        { params: { id }, body: { action } },
        shownOnPage,
      ),
    remove: (id: string) =>
      client.call(scheduleContracts, "DELETE /core/customer/schedules/:id", { params: { id } }, shownOnPage),
  };
}

export type ScheduleApi = ReturnType<typeof scheduleApi>;
