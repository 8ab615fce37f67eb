import { z } from "zod/mini";
import { integer, kobo, timestamp } from "./common";
import { calendarDay } from "./days";

/** Trouble at a provider (its account, or an answer that does not fit), as staff see it until it clears. */
export const providerAlert = z.object({
  provider: z.string().check(z.meta({ description: "Which provider, as PROVIDERS names it" })),
  kind: z.enum(["low_balance", "account", "mismatch"]),
  title: z.string().check(z.meta({ description: "e.g. Provider wallet too low, Provider keys rejected" })),
  action: z.string().check(z.meta({ description: "What to do about it" })),
  detail: z.string().check(z.meta({ description: "The provider's own words and code" })),
  since: timestamp,
  last_seen: timestamp,
  occurrences: integer(),
});
export type ProviderAlert = z.infer<typeof providerAlert>;

export const reconciliationRun = z.object({
  day: z.iso.date().check(z.meta({ description: "The Lagos day whose payments were compared" })),
  gateway: z.string(),
  status: z.enum(["running", "done", "failed"]),
  started_at: timestamp,
  finished_at: z.nullable(timestamp),
  checked: integer().check(z.meta({ description: "Successful payments the gateway listed" })),
  credited: integer().check(
    z.meta({ description: "Of those, credited only by this run (a webhook was missed)" }),
  ),
  credited_amount: kobo,
  unmatched: z
    .array(z.string())
    .check(z.meta({ description: "Gateway references that match no funding: look at these" })),
  error: z.nullable(z.string()),
  ran_by: z
    .nullable(z.object({ id: z.uuid(), email: z.string() }))
    .check(z.meta({ description: "Null: on schedule" })),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

export const reconciliationRuns = z.object({ runs: z.array(reconciliationRun) });
export const reconcileBody = z.strictObject({
  day: calendarDay().check(z.meta({ title: "Day", widget: "date" })),
});
