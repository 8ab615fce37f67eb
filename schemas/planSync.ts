import { z } from "zod";
import { networkId, planCategory } from "./catalogue";
import { staffDataPlan } from "./catalogueStaff";
import { kobo } from "./common";

/**
 * The data-plan sync: the provider's plans for one network beside ours, matched by the provider's
 * code. Our price stays ours; the provider's amount is what it charges us, our `cost_price`.
 */
export const planSyncState = z.enum(["new", "changed", "same", "gone"]);
export const planSyncRow = z.object({
  state: planSyncState.meta({
    description: "new: only the provider has it; changed: its cost differs; gone: only we have it",
  }),
  code: z.string(),
  provider_name: z.string().nullable(),
  provider_cost: kobo.nullable(),
  plan: staffDataPlan.nullable().meta({ description: "Ours, when we have it" }),
  suggested: z
    .object({ name: z.string(), size: z.string(), validity: z.string(), category: planCategory })
    .nullable()
    .meta({ description: "For a new plan: read from the provider's name; null when it cannot be" }),
});
export type PlanSyncRow = z.infer<typeof planSyncRow>;

export const planSyncReport = z.object({
  control_id: z.number().int(),
  service_id: z.string(),
  rows: z.array(planSyncRow),
});
export type PlanSyncReport = z.infer<typeof planSyncReport>;

export const planSyncBody = z
  .strictObject({
    control_id: networkId,
    import: z
      .array(
        z.strictObject({
          code: z.string().trim().min(1).max(60),
          price: kobo.min(100, { error: "The price must be at least ₦1." }).optional().meta({
            description: "Our price, for a new plan (required there); a changed plan keeps its own",
          }),
        }),
      )
      .max(300)
      .default([])
      .meta({ description: "New plans to add, and changed ones whose cost to take" }),
    switch_off: z
      .array(z.number().int().min(1))
      .max(300)
      .default([])
      .meta({ description: "Our plans the provider no longer lists, to switch off" }),
  })
  .refine((body) => body.import.length + body.switch_off.length > 0, {
    error: "Choose at least one plan to import or switch off.",
  });
export type PlanSyncBody = z.infer<typeof planSyncBody>;

export const planSyncResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  switched_off: z.number().int(),
  report: planSyncReport,
});
