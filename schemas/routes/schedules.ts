import { idParam, page } from "../common";
import {
  schedule,
  scheduleChangeBody,
  scheduleCreateBody,
  scheduleDetail,
  scheduleListQuery,
} from "../schedules";
import { contracts } from "./contract";

const tag = "Scheduled purchases";

/** Airtime, data or a TV renewal bought on a calendar with the PIN given once (docs/CONTRACT.md). */
export const scheduleContracts = contracts({
  "POST /core/customer/schedules": {
    tag,
    summary:
      "Schedule a purchase: its order checked like the purchase (400 with `fields`), the PIN checked once; answers the next five run times",
    body: scheduleCreateBody,
    result: schedule,
    successStatus: 201,
  },
  "GET /core/customer/schedules": {
    tag,
    summary: "The customer's schedules that are not deleted, newest first",
    query: scheduleListQuery,
    result: page(schedule),
  },
  "GET /core/customer/schedules/:id": {
    tag,
    summary: "A schedule, its next runs and its last runs; another customer's is not found",
    params: idParam,
    result: scheduleDetail,
  },
  "PATCH /core/customer/schedules/:id": {
    tag,
    summary: "Pause a schedule, or resume it (its next run is the first one after now)",
    params: idParam,
    body: scheduleChangeBody,
    result: schedule,
  },
  "DELETE /core/customer/schedules/:id": {
    tag,
    summary: "Delete a schedule: it runs no more; its runs stay on record",
    params: idParam,
    result: schedule,
  },
});
