import { v5 as uuidFromName } from "uuid";

/** The namespace runs' request ids are named in (RFC 9562 name-based uuids). */
const scheduleNamespace = "0c7e5b1a-8f43-4d2e-9a61-3b7f2c9d4e85";

/**
 * The request id a schedule's period is bought under: named from the schedule's id and the period's
 * instant, so every placing of that period (a retry, a restart, another instance taking over its
 * lease) is the same request, and the idempotency store lets it buy once. Schedule ids are random,
 * so no customer's own request id is ever one of these.
 */
export const runRequestId = (scheduleId: string, period: Date) =>
  uuidFromName(`schedule:${scheduleId}:${period.toISOString()}`, scheduleNamespace);
