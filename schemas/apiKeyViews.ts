import { z } from "zod/mini";
import { kobo, koboAmount, pageQuery, timestamp } from "./common";
import { kycTier } from "./kycTier";
import { levelSlug } from "./levelSlugs";

/*
 * A module of its own, apart from schemas/apiKeys.ts, because the console's API users page needs only
 * these: importing the create body there would bring its URL and address checks (zod's url, IPv4 and
 * IPv6 rules) into the chunk every signed-in page loads.
 */

/** A key as its owner sees it: never the key or the signing secret, which are shown once. */
export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().check(z.meta({ description: "The key's first characters, to tell keys apart" })),
  webhook_url: z.nullable(z.string()),
  allowed_ips: z.array(z.string()),
  rate_per_second: z.number(),
  burst: z.number(),
  daily_cap: z.nullable(kobo),
  created_at: timestamp,
  last_used_at: z.nullable(timestamp),
  revoked_at: z.nullable(timestamp),
});
export type ApiKey = z.infer<typeof apiKey>;

/** A key as an admin sees it: with whose it is. */
export const ownedApiKey = z.extend(apiKey, {
  owner: z.object({ id: z.uuid(), name: z.string(), email: z.string(), level: levelSlug }),
});
export type OwnedApiKey = z.infer<typeof ownedApiKey>;

const perSecond = z
  .number()
  .check(
    z.int("Use a whole number of calls."),
    z.minimum(1, "Allow at least 1 call a second."),
    z.maximum(1_000, "Allow at most 1,000 calls a second."),
    z.meta({ title: "Calls a second", description: "The key's steady rate" }),
  );
const burst = z
  .number()
  .check(
    z.int("Use a whole number of calls."),
    z.minimum(1, "Allow a burst of at least 1 call."),
    z.maximum(10_000, "Allow a burst of at most 10,000 calls."),
    z.meta({ title: "Burst", description: "Calls at once before the steady rate applies" }),
  );

/**
 * An admin's change to a key's limits, for a reseller whose volume outgrows the defaults (10 a second,
 * bursts of 30) or to hold one back; `daily_cap` null takes the cap away. The burst is at least the rate.
 */
export const apiKeyLimitsBody = z
  .strictObject({
    rate_per_second: z.optional(perSecond),
    burst: z.optional(burst),
    daily_cap: z.optional(z.nullable(koboAmount.check(z.minimum(100, "Set a cap of at least ₦1, or none.")))),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { error: "Change at least one limit." }));
export type ApiKeyLimitsBody = z.infer<typeof apiKeyLimitsBody>;

export const apiKeyListQuery = z.extend(pageQuery, {
  live: z
    .optional(z.enum(["true", "false"]))
    .check(z.meta({ description: "true: only keys not revoked; false: only revoked ones" })),
});

/** The console's API users list: a search on name or email, paged. */
export const apiUserListQuery = z.extend(pageQuery, {
  search: z
    .optional(z.string().check(z.trim(), z.maxLength(100)))
    .check(z.meta({ description: "Part of the account's name or email" })),
});

/** An account that holds or held API keys, with its keys counted and what it bought with them this month. */
export const apiUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  level: levelSlug,
  kyc_tier: kycTier,
  live_keys: z.number().check(z.int(), z.minimum(0)),
  revoked_keys: z.number().check(z.int(), z.minimum(0)),
  last_used_at: z
    .nullable(timestamp)
    .check(z.meta({ description: "The last call with any of its keys; null: never used" })),
  month_purchases: z.number().check(
    z.int(),
    z.minimum(0),
    z.meta({
      description: "Purchases made with its keys this Lagos calendar month, successful or pending",
    }),
  ),
  month_volume: kobo.check(z.meta({ description: "What those purchases took from the wallet" })),
});
export type ApiUser = z.infer<typeof apiUser>;
