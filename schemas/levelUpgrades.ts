import { z } from "zod/mini";
import { kobo, pin } from "./common";
import { levelServices, levelSlug } from "./levelSlugs";
import { transaction } from "./transactions";
import { requestId } from "./wallet";

export type LevelServiceName = (typeof levelServices)[number];

const percentOff = z.number().check(z.meta({ description: "Percent off the price, at most" }));

/**
 * A level as a customer sees it: its discounts in percent ("up to": a discount never takes a price
 * below what it costs us, docs/decisions.md), what moving up to it costs, and whether it is theirs.
 */
export const customerLevel = z.object({
  slug: levelSlug,
  name: z.string(),
  upgrade_fee: kobo.check(z.meta({ description: "Paid once from the wallet to move up to this level" })),
  api_access: z.boolean().check(z.meta({ description: "Whether its members may hold API keys" })),
  discounts: z.object(
    Object.fromEntries(levelServices.map((service) => [service, percentOff])) as Record<
      LevelServiceName,
      typeof percentOff
    >,
  ),
  fixed_data_prices: z
    .number()
    .check(z.meta({ description: "How many data plans have a price of their own at the level" })),
  current: z.boolean().check(z.meta({ description: "The caller's own level" })),
});
export type CustomerLevel = z.infer<typeof customerLevel>;

export const levelUpgradeBody = z.strictObject({
  level: levelSlug.check(z.meta({ title: "Level", description: "A level above the caller's own" })),
  pin,
  request_id: requestId,
});
export type LevelUpgradeBody = z.infer<typeof levelUpgradeBody>;

export const levelUpgradeResult = z.object({
  level: levelSlug.check(z.meta({ description: "The caller's level now" })),
  transaction: transaction.check(
    z.meta({ description: "The fee's payment (kind level_upgrade); balance_after is the wallet now" }),
  ),
});
export type LevelUpgradeResult = z.infer<typeof levelUpgradeResult>;
