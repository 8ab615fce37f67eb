import { z } from "zod/mini";
import { money, percent, providerCode } from "./catalogueEditors";
import { integer, kobo, maxControlId, maxPlanId } from "./common";
import { purchaseKinds } from "./transactions";

/**
 * A product's offers: one per provider that sells it, with what that provider calls it and charges
 * us (server/db/schema.ts `providerProducts`). The catalogue's own rows say what we sell and at what
 * price; these say who delivers it and at what cost. Shared by the server's routes and the console.
 */

export const offerServices = purchaseKinds;
export const offerService = z.enum(offerServices);
export type OfferService = z.infer<typeof offerService>;

/** A provider as `PROVIDERS` names it (vtpass, msorg); the server checks it is configured. */
export const providerName = z.string({ error: "Choose a provider." }).check(
  z.trim(),
  z.regex(/^[a-z][a-z0-9_-]{0,29}$/, { error: "Choose a provider." }),
  // The console's Provider box shows the description as its hint: staff know providers by their
  // labels ("SME-data vendor"), the box wants the name the server's PROVIDERS setting uses.
  z.meta({ title: "Provider", description: "Its name in PROVIDERS, e.g. vtpass or msorg" }),
);

/** What staff set on an offer. Which fields a service needs is the server's rule (catalogueOffers.ts). */
export const offerEdit = z.strictObject({
  service_id: z.optional(
    providerCode(
      "Provider's id for the network, cable or disco",
      "e.g. mtn, dstv, ikeja-electric, waec; a data plan's is the network's data id for that provider",
    ),
  ),
  variation_code: z.optional(
    providerCode("Provider's plan code", "Its variation code or plan id, where it has one"),
  ),
  cost: z.optional(money("Cost", "What the provider charges us for a plan, bouquet or PIN")),
  commission_percent: z.optional(
    percent("Commission", "What the provider takes off airtime or electricity's value for us"),
  ),
  enabled: z._default(
    z.boolean().check(z.meta({ title: "Switched on", description: "Purchases may go to this provider" })),
    true,
  ),
});

/** A new offer, as the console's form asks for it: who sells the product, and its terms. */
export const offerAdd = z.extend(offerEdit, { provider: providerName });

/** Which offer: a product of a service, at a provider. */
export const offerKey = {
  service: offerService,
  product_id: z.coerce
    .number<number | string>({ error: "Say which product (product_id)." })
    .check(z.int(), z.minimum(1), z.maximum(maxPlanId)),
  provider: providerName,
};
/**
 * Networks and discos are numbered in a smallint (`maxControlId`): a larger id of theirs names
 * nothing, and is refused as input rather than handed to a query whose parameter cannot carry it.
 */
export const productIdFits = z.refine<{ service: OfferService; product_id: number }>(
  (key) =>
    key.service === "data" ||
    key.service === "tv" ||
    key.service === "exam_pin" ||
    key.service === "recharge_pin" ||
    key.product_id <= maxControlId,
  { error: "No such product.", path: ["product_id"] },
);
export const offerKeyQuery = z.strictObject(offerKey).check(productIdFits);
export type OfferKey = z.infer<typeof offerKeyQuery>;

/** An offer as staff see it, beside its product. */
export const staffOffer = z.object({
  provider: z.string(),
  label: z.string().check(z.meta({ description: "The name staff know the provider by" })),
  configured: z.boolean().check(z.meta({ description: "Whether PROVIDERS lists it: only then is it tried" })),
  service_id: z.string(),
  variation_code: z.nullable(z.string()),
  cost: z.nullable(kobo),
  commission_percent: z.number(),
  enabled: z.boolean(),
});
export type StaffOffer = z.infer<typeof staffOffer>;

/**
 * A new data plan's first offer, so it is sellable from the start (a plan is sold only through a
 * provider's offer): who sells it, its code for it and what it charges us.
 */
export const firstOffer = z.strictObject({
  provider: providerName.check(
    z.meta({ title: "Provider", description: "Who sells it first, as PROVIDERS names it: vtpass, msorg" }),
  ),
  variation_code: providerCode("Provider's plan code", "Its variation code or plan id"),
  cost: money("Provider's cost", "What the provider charges us"),
});

/** A provider's id for a network's data, as staff see and set it. */
export const networkDataId = z.object({
  provider: z.string(),
  label: z.string(),
  service_id: z.string(),
});
export const networkDataIdPut = z.strictObject({
  network_id: integer().check(z.minimum(1), z.maximum(4)),
  provider: providerName,
  service_id: providerCode("Provider's data id for the network", "e.g. mtn-data; the SME vendor's data/ id"),
});
