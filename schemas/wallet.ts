import { z } from "zod/mini";
import { kobo } from "./common";
import { transaction } from "./transactions";

export const walletSummary = z.object({
  number: z.string().check(z.regex(/^\d{10}$/)),
  balance: kobo,
  pending_total: kobo.check(z.meta({ description: "Held for purchases the provider has not answered yet" })),
});
export type WalletSummary = z.infer<typeof walletSummary>;

/** A client-made UUID, made once per confirm step; the same id with the same body never acts twice. */
export const requestId = z
  .uuid({
    error: (issue) => (issue.input === undefined ? "Request id is required." : "request_id must be a UUID."),
  })
  .check(z.meta({ title: "Request id" }));

export const fundingLimits = { min: 10_000, max: 100_000_000 } as const;

export const fundBody = z.strictObject({
  amount: kobo.check(
    z.minimum(fundingLimits.min, { error: "The smallest amount you can add is ₦100." }),
    z.maximum(fundingLimits.max, { error: "The largest amount you can add at once is ₦1,000,000." }),
  ),
  request_id: requestId,
});
export type FundBody = z.infer<typeof fundBody>;

export const fundResult = z.object({ reference: z.string(), checkout_url: z.string() });

/** A card funding as the customer comes back from the gateway's page, and what the gateway says of it. */
export const fundingCheck = z.object({
  transaction,
  gateway_status: z.nullable(z.enum(["successful", "pending", "abandoned", "failed", "reversed"])).check(
    z.meta({
      description:
        "The gateway's word on the payment just now: abandoned or failed means the customer stopped (a later payment still credits); null when it was not asked or could not say",
    }),
  ),
});
export type FundingCheck = z.infer<typeof fundingCheck>;

/** The customer's own account number at the gateway's bank; a transfer into it funds the wallet. */
export const dedicatedAccount = z.object({
  bank_name: z.string(),
  account_number: z.string().check(z.regex(/^\d{10}$/)),
  account_name: z.string(),
});
export type DedicatedAccount = z.infer<typeof dedicatedAccount>;
export type FundResult = z.infer<typeof fundResult>;

export const staffFundBody = z.strictObject({
  amount: kobo.check(
    z.minimum(100, { error: "The smallest amount is ₦1." }),
    z.maximum(fundingLimits.max, { error: "The largest amount at once is ₦1,000,000." }),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, { error: "Say why you are funding this wallet." }),
      z.maxLength(200),
      z.meta({ title: "Reason", widget: "textarea" }),
    ),
  request_id: requestId,
});
export type StaffFundBody = z.infer<typeof staffFundBody>;
