import { z } from "zod/mini";
import { apiKey } from "./apiKeyViews";
import { koboAmount } from "./common";

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
    koboAmount.check(
      z.minimum(100, "Set a cap of at least ₦1, or none."),
      z.meta({
        title: "Daily spending cap",
        description: "The most the key may spend in a Lagos day; none: no cap",
      }),
    ),
  ),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

export const apiKeyCreated = z.extend(apiKey, {
  key: z.string().check(z.meta({ description: "Shown this once: stored only as a hash" })),
  signing_secret: z
    .string()
    .check(z.meta({ description: "Shown this once: webhooks are signed with it (X-OjaPay-Signature)" })),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

// A key as it is shown moved to apiKeyViews.ts (the console's pages import it there); named here as before.
export { type ApiKey, apiKey, apiKeyListQuery, type OwnedApiKey, ownedApiKey } from "./apiKeyViews";
