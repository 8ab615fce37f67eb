import { z } from "zod/mini";

/**
 * The price levels, fixed by slug: everyone starts at `customer`; agents and resellers buy for less
 * and sell on; `reseller` and `api` may hold API keys. A file of its own: profiles name a level, and
 * the pages that show one need nothing of the levels' editor (schemas/levels.ts).
 */
export const levelSlugs = ["customer", "agent", "reseller", "api"] as const;
export const levelSlug = z.enum(levelSlugs, { error: "Choose customer, agent, reseller or api." });
export type LevelSlug = z.infer<typeof levelSlug>;

/**
 * The levels whose members may hold API keys: migration 0019 gives these two `api_access`, and no
 * admin can change it, so the customer's menu can tell from the profile's level without asking.
 */
export const apiAccessLevels: readonly LevelSlug[] = ["reseller", "api"];

/**
 * What a level's discounts apply to, in the order a customer reads them: the upgrade offer and the
 * console's caps both name them (here, in the chunk every page has, so neither costs a request).
 */
export const levelServices = [
  "airtime",
  "data_sme",
  "data_corporate_gifting",
  "data_gifting",
  "data_direct",
  "tv",
  "electricity",
  "exam_pin",
  "recharge_pin",
] as const;
