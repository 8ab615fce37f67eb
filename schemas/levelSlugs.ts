import { z } from "zod/mini";

/**
 * The price levels, fixed by slug: everyone starts at `customer`; agents and resellers buy for less
 * and sell on; `reseller` and `api` may hold API keys. A file of its own: profiles name a level, and
 * the pages that show one need nothing of the levels' editor (schemas/levels.ts).
 */
export const levelSlugs = ["customer", "agent", "reseller", "api"] as const;
export const levelSlug = z.enum(levelSlugs, { error: "Choose customer, agent, reseller or api." });
export type LevelSlug = z.infer<typeof levelSlug>;
