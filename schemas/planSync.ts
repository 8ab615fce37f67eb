import { z } from "zod/mini";
import { dataPlanType, networkId, planCategory } from "./catalogue";
import { providerName } from "./catalogueOffers";
import { controlIdQuery, lossConfirmation, staffDataPlan } from "./catalogueStaff";
import { integer, kobo, koboAmount, maxPlanId } from "./common";

/**
 * The data-plan sync, for any configured provider: that provider's plans for one network beside
 * ours, matched by the plan codes of that provider's offers. Our price stays ours; the provider's
 * amount is what it charges us, its offer's `cost`.
 */
export const planSyncQuery = z.strictObject({
  ...controlIdQuery.shape,
  provider: providerName,
});
export const planSyncState = z.enum(["new", "changed", "same", "gone"]);
export const planSyncRow = z.object({
  state: planSyncState.check(
    z.meta({
      description: "new: only the provider has it; changed: its cost differs; gone: only we have it",
    }),
  ),
  code: z.string().check(z.meta({ description: "The provider's code for the plan" })),
  provider_name: z.nullable(z.string()),
  provider_cost: z.nullable(kobo),
  offer_cost: z
    .nullable(kobo)
    .check(z.meta({ description: "What this provider's offer costs now, when we have one" })),
  plan_type: z
    .nullable(dataPlanType)
    .check(z.meta({ description: "The provider's plan type, where it says" })),
  plan: z.nullable(staffDataPlan).check(z.meta({ description: "Ours, when we have it" })),
  suggested: z
    .nullable(z.object({ name: z.string(), size: z.string(), validity: z.string(), category: planCategory }))
    .check(z.meta({ description: "For a new plan: read from the provider's name; null when it cannot be" })),
});
export type PlanSyncRow = z.infer<typeof planSyncRow>;

export const planSyncReport = z.object({
  control_id: integer(),
  provider: z.string(),
  service_id: z.string().check(z.meta({ description: "The provider's data id for the network" })),
  rows: z.array(planSyncRow),
});
export type PlanSyncReport = z.infer<typeof planSyncReport>;

export const planSyncBody = z
  .strictObject({
    control_id: networkId,
    provider: providerName,
    import: z
      ._default(
        z
          .array(
            z.strictObject({
              code: z
                .string()
                .check(
                  z.trim(),
                  z.minLength(1),
                  z.maxLength(60),
                  z.meta({ description: "The provider's code" }),
                ),
              price: z
                .optional(koboAmount.check(z.minimum(100, { error: "The price must be at least ₦1." })))
                .check(
                  z.meta({
                    description: "Our price, for a new plan (required there); a changed plan keeps its own",
                  }),
                ),
            }),
          )
          .check(z.maxLength(300)),
        [],
      )
      .check(z.meta({ description: "New plans to add, and changed ones whose cost to take" })),
    switch_off: z
      ._default(z.array(integer().check(z.minimum(1), z.maximum(maxPlanId))).check(z.maxLength(300)), [])
      .check(
        z.meta({
          description:
            "Our plans the provider no longer lists: its offer is switched off, and the plan too when no other provider's offer is on",
        }),
      ),
    ...lossConfirmation,
  })
  .check(
    z.refine((body) => body.import.length + body.switch_off.length > 0, {
      error: "Choose at least one plan to import or switch off.",
    }),
  );
export type PlanSyncBody = z.infer<typeof planSyncBody>;

export const planSyncResult = z.object({
  created: integer(),
  updated: integer(),
  switched_off: integer(),
  report: planSyncReport,
});
