import { z } from "zod/mini";
import { dataPlanType, planCategory } from "./catalogue";
import { koboAmount } from "./common";

/**
 * What staff may change in the catalogue. These schemas are the editors: SchemaForm draws each form
 * from one (labels from `title`, help from `description`, the input from `widget`), the server
 * validates the PATCH and POST bodies with the same one, and the OpenAPI document is written from it.
 */

export const money = (title: string, description?: string) =>
  koboAmount.check(z.meta({ title, widget: "money", ...(description && { description }) }));
export const percent = (title: string, description: string) =>
  z
    .number()
    .check(
      z.minimum(0),
      z.maximum(100),
      z.multipleOf(0.01),
      z.meta({ title, description, widget: "percent" }),
    );
export const onSale = (description: string) => z.boolean().check(z.meta({ title: "On sale", description }));
/**
 * The provider's own name for a service or a plan: what the adapter sends it. Such names live on
 * offers only (schemas/catalogueOffers.ts); the catalogue's own rows carry our codes.
 */
export const providerCode = (title: string, description: string) =>
  z.string().check(
    z.trim(),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/, {
      error: "Use the provider's code: letters, digits, dots, dashes or underscores, up to 60.",
    }),
    z.meta({ title, description }),
  );

/** A plan's, bouquet's or exam PIN's name, as customers see it. */
export const productName = (description?: string) =>
  z.string().check(z.trim(), z.minLength(2), z.maxLength(60), z.meta({ title: "Name", description }));

/** Our own code for a plan or bouquet: unique among ours, what sync and staff know it by. */
export const ourCode = (title: string, description: string) =>
  z.string().check(
    z.trim(),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/, {
      error: "Use letters, digits, dots, dashes or underscores, up to 60.",
    }),
    z.meta({ title, description }),
  );

export const airtimeControlEdit = z.strictObject({
  enabled: onSale("Customers can buy this network's airtime"),
  discount_percent: percent(
    "Customer discount",
    "Taken off the airtime's value for the customer; keep it below every provider's commission",
  ),
  min_amount: money("Smallest purchase"),
  max_amount: money("Largest purchase"),
});

export const dataNetworkEdit = z.strictObject({
  enabled: onSale("Customers can buy this network's data plans"),
});

export const dataPlanEdit = z.strictObject({
  code: ourCode(
    "Our plan code",
    "Our own code for this plan, unique, e.g. mtn-1gb-1d; each provider's is its offer's",
  ),
  name: productName("As customers see it, e.g. 1GB Daily (1 day)"),
  size: z
    .string()
    .check(
      z.trim(),
      z.regex(/^\d+(\.\d+)?(MB|GB|TB)$/, { error: "Write the size like 500MB or 1.5GB." }),
      z.meta({ title: "Data size", description: "e.g. 500MB or 1.5GB" }),
    ),
  validity: z
    .string()
    .check(
      z.trim(),
      z.regex(/^\d{1,3} (day|days|hour|hours)$/, { error: "Write the validity like 1 day or 30 days." }),
      z.meta({ title: "Validity", description: "e.g. 1 day or 30 days" }),
    ),
  category: planCategory.check(z.meta({ title: "Kind of plan" })),
  plan_type: dataPlanType.check(
    z.meta({
      title: "Plan type",
      description: "How the network delivers it; customers see it beside the size",
    }),
  ),
  price: money("Price", "What the customer pays").check(
    z.minimum(100, { error: "The price must be at least ₦1." }),
  ),
  enabled: onSale("Customers can buy this plan"),
});
export const tvProviderEdit = z.strictObject({
  enabled: onSale("Customers can pay for this provider"),
  service_fee: money("Service fee", "Added to every bouquet"),
});

export const tvPlanEdit = z.strictObject({
  code: ourCode("Our bouquet code", "Our own code for this bouquet, unique, e.g. dstv-padi"),
  name: productName(),
  price: money("Price", "What the customer pays").check(
    z.minimum(100, { error: "The price must be at least ₦1." }),
  ),
  enabled: onSale("Customers can buy this bouquet"),
});

export const discoEdit = z.strictObject({
  enabled: onSale("Customers can buy electricity from this company"),
  min_amount: money("Smallest purchase"),
  max_amount: money("Largest purchase"),
  service_fee: money("Service fee", "Added to every purchase"),
});
