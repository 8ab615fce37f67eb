import { z } from "zod/mini";
import { kobo, pageQuery, timestamp } from "./common";
import { kycTier } from "./kycTier";
import { levelSlug } from "./levelSlugs";

/** The most keys one account may hold at once: one per site or bot, with room to rotate. */
export const maxLiveApiKeys = 5;

const keyName = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, "Name the key: 2 to 40 characters."),
    z.maxLength(40, "Name the key: 2 to 40 characters."),
    z.meta({ title: "Name", description: "Where it is used, e.g. your website or your bot" }),
  );

/** Where deliveries of settled purchases go: only https, and never with credentials in it. */
export const webhookUrl = z.string().check(
  z.trim(),
  z.maxLength(500, "Use a URL of at most 500 characters."),
  z.url({ protocol: /^https$/, error: "Use an https:// URL." }),
  z.refine((url) => !/^https:\/\/[^/]*@/.test(url), "Leave the user name and password out of the URL."),
  z.meta({ title: "Webhook URL", description: "Settled purchases made with this key are posted here" }),
);

const address = z.union([z.ipv4(), z.ipv6()], { error: "Use an IPv4 or IPv6 address." });

export const apiKeyCreateBody = z.strictObject({
  name: keyName,
  webhook_url: z.optional(webhookUrl),
  allowed_ips: z.optional(
    z.array(address).check(
      z.maxLength(20, "List at most 20 addresses."),
      z.meta({
        title: "Allowed addresses",
        description: "Calls from any other address are refused; none: any",
      }),
    ),
  ),
  daily_cap: z.optional(
    kobo.check(
      z.minimum(100, "Set a cap of at least ₦1, or none."),
      z.meta({
        title: "Daily spending cap",
        description: "The most the key may spend in a Lagos day; none: no cap",
      }),
    ),
  ),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

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

export const apiKeyCreated = z.extend(apiKey, {
  key: z.string().check(z.meta({ description: "Shown this once: stored only as a hash" })),
  signing_secret: z
    .string()
    .check(z.meta({ description: "Shown this once: webhooks are signed with it (X-OjaPay-Signature)" })),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

/** A key as an admin sees it: with whose it is. */
export const ownedApiKey = z.extend(apiKey, {
  owner: z.object({ id: z.uuid(), name: z.string(), email: z.string(), level: levelSlug }),
});
export type OwnedApiKey = z.infer<typeof ownedApiKey>;

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
