import { z } from "zod/mini";
import { money } from "./catalogueEditors";
import { maxPlanId, timestamp } from "./common";
import { levelServices, levelSlug } from "./levelSlugs";

/** A level's extra discount on one service, in percent; the editor's page says once what it means. */
const extra = (title: string) =>
  z.number().check(z.minimum(0), z.maximum(100), z.multipleOf(0.01), z.meta({ title, widget: "percent" }));

/**
 * What an admin may change of a level. This schema is the editor: SchemaForm draws the form from it,
 * the server validates the PATCH with it and the OpenAPI document is written from it.
 */
export const levelEdit = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, "Use 2 to 40 characters."),
      z.maxLength(40, "Use 2 to 40 characters."),
      z.meta({ title: "Name", description: "What customers see the level called" }),
    ),
  upgrade_fee: money("Upgrade fee", "Paid once from the wallet to move up to this level"),
  airtime_percent: extra("Airtime discount"),
  data_sme_percent: extra("SME data discount"),
  data_corporate_gifting_percent: extra("Corporate gifting data discount"),
  data_gifting_percent: extra("Gifting data discount"),
  data_direct_percent: extra("Network plan discount"),
  tv_percent: extra("Cable TV discount"),
  electricity_percent: extra("Electricity discount"),
  exam_pin_percent: extra("Exam PIN discount"),
  recharge_pin_percent: extra("Recharge card discount"),
});
export type LevelEdit = z.infer<typeof levelEdit>;

export const levelPatch = z
  .partial(levelEdit)
  .check(z.refine((body) => Object.keys(body).length > 0, { error: "Change at least one field." }));
export type LevelPatch = z.infer<typeof levelPatch>;

export const priceLevel = z.extend(levelEdit, {
  slug: levelSlug,
  position: z.number(),
  api_access: z.boolean().check(z.meta({ description: "Whether its members may hold API keys" })),
  updated_at: z.nullable(timestamp),
});
export type PriceLevel = z.infer<typeof priceLevel>;

export const levelParams = z.strictObject({ slug: levelSlug });

/**
 * A data plan's fixed price at a level, instead of the level's discount on it. Never above the plan's
 * own price (a level never pays more than everyone), and like a discount it stops at the plan's cost.
 */
export const levelPlanPriceBody = z.strictObject({
  price: money("Price at this level", "What members of the level pay for the plan, in naira").check(
    z.minimum(1, "Set a price above ₦0, or take the fixed price away."),
  ),
});
export type LevelPlanPriceBody = z.infer<typeof levelPlanPriceBody>;

export const levelPlanParams = z.strictObject({
  slug: levelSlug,
  plan_id: z.coerce.number().check(z.int(), z.minimum(1, "Not found."), z.maximum(maxPlanId, "Not found.")),
});

/** A plan's fixed price at a level, beside the plan's own price and what the level pays once cost bounds it. */
export const levelPlanPrice = z.object({
  plan_id: z.number(),
  network_id: z.number(),
  plan: z.string().check(z.meta({ description: "The network and the plan's name" })),
  own_price: z.number().check(z.meta({ description: "The plan's price for everyone, in kobo" })),
  price: z.number().check(z.meta({ description: "The fixed price at the level, in kobo" })),
  price_at_level: z.number().check(
    z.meta({
      description: "What the level pays: the fixed price, never above the own price nor below cost",
    }),
  ),
  updated_at: timestamp,
});
export type LevelPlanPrice = z.infer<typeof levelPlanPrice>;

/**
 * A product on sale whose price at a level gets less than the level's discount, because the discount
 * would take it below what the product costs us (airtime, data, TV), or past the disco's fee
 * (electricity, from `fee_from` up). Worked out by the purchase path's own pricing functions.
 */
export const levelCap = z.object({
  service: z.enum(levelServices),
  product: z.string().check(z.meta({ description: "The network and plan, bouquet or company" })),
  asked_percent: z.number().check(z.meta({ description: "The level's discount on the service" })),
  given_percent: z.number().check(
    z.meta({
      description:
        "What the level gets on the product's price, rounded down; on electricity at the company's largest amount",
    }),
  ),
  fee_from: z.nullable(
    z.number().check(
      z.meta({
        description:
          "Electricity: the amount, in kobo, from which the discount is the whole fee, and no more above it",
      }),
    ),
  ),
});
export type LevelCap = z.infer<typeof levelCap>;

/** A level as the console lists it: its settings and where cost caps its discounts. */
export const priceLevelInConsole = z.extend(priceLevel, {
  capped: z.array(levelCap).check(
    z.meta({
      description: "The products on sale whose discount at the level is capped; none when all get it whole",
    }),
  ),
});
export type PriceLevelInConsole = z.infer<typeof priceLevelInConsole>;
