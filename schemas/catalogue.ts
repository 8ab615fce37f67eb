import { z } from "zod/mini";
import { integer, kobo, maxControlId, maxPlanId } from "./common";
import type { PurchaseKind } from "./transactions";

/** Spec section 9: 1=MTN, 2=GLO, 3=9Mobile, 4=Airtel. */
export const networks = [
  { id: 1, name: "MTN" },
  { id: 2, name: "GLO" },
  { id: 3, name: "9Mobile" },
  { id: 4, name: "Airtel" },
] as const;
export const networkId = z
  .number({ error: "Choose a network." })
  .check(
    z.int(),
    z.minimum(1, { error: "Choose a network." }),
    z.maximum(4, { error: "Choose a network." }),
    z.meta({ title: "Network", description: "1=MTN, 2=GLO, 3=9Mobile, 4=Airtel" }),
  );

/** Airtime controls per network, as customers see them. */
export const airtimeControl = z.object({
  id: integer(),
  network: z.string(),
  enabled: z.boolean(),
  discount_percent: z.number().check(
    z.minimum(0),
    z.maximum(100),
    z.meta({
      description: "Percent taken off the airtime's value: the network's and the customer's level's",
    }),
  ),
  min_amount: kobo,
  max_amount: kobo,
});
export type AirtimeControl = z.infer<typeof airtimeControl>;

export const dataNetwork = z.object({ id: integer(), name: z.string(), enabled: z.boolean() });
export type DataNetwork = z.infer<typeof dataNetwork>;

export const planCategory = z.enum(["daily", "weekly", "monthly"]);

/**
 * How the network delivers a data plan: SME and corporate-gifting data (bought through SME-data
 * vendors, often cheaper, not always usable everywhere), gifting, or the network's own plan
 * (`direct`). Customers are told which, since the kinds differ in where the data works.
 */
export const dataPlanTypes = ["sme", "corporate_gifting", "gifting", "direct"] as const;
export const dataPlanType = z.enum(dataPlanTypes);
export type DataPlanType = z.infer<typeof dataPlanType>;

/**
 * The words customers see beside a plan's size and validity. A network's own plan says "Network plan":
 * saying nothing would read as "unknown" beside the plans that say SME (docs/decisions.md).
 */
export const planTypeLabels: Record<DataPlanType, string> = {
  sme: "SME",
  corporate_gifting: "Corporate gifting",
  gifting: "Gifting",
  direct: "Network plan",
};

/** A data plan as customers see it; `category` groups the list. */
export const dataPlan = z.object({
  id: integer(),
  control_id: integer().check(z.meta({ description: "The network's id" })),
  name: z.string(),
  size: z.string(),
  validity: z.string(),
  category: planCategory,
  plan_type: dataPlanType.check(
    z.meta({ description: "How the network delivers it: shown beside size and validity" }),
  ),
  price: kobo,
});
export type DataPlan = z.infer<typeof dataPlan>;

export const tvProvider = z.object({
  id: integer(),
  name: z.string(),
  enabled: z.boolean(),
  service_fee: kobo,
});
export type TvProvider = z.infer<typeof tvProvider>;

export const tvPlan = z.object({
  id: integer(),
  control_id: integer().check(z.meta({ description: "The provider's id" })),
  name: z.string(),
  price: kobo,
});
export type TvPlan = z.infer<typeof tvPlan>;

export const disco = z.object({
  id: integer(),
  name: z.string(),
  enabled: z.boolean(),
  min_amount: kobo,
  max_amount: kobo,
  service_fee: kobo,
  discount_percent: z
    .number()
    .check(
      z.minimum(0),
      z.maximum(100),
      z.meta({ description: "Percent of the value bought taken off at the customer's price level" }),
    ),
});
export type Disco = z.infer<typeof disco>;

/** The exam bodies whose PINs are sold: result checkers (WAEC, NECO, NABTEB), registration, JAMB's UTME. */
export const examBodies = ["waec", "neco", "nabteb", "jamb"] as const;
export const examBody = z.enum(examBodies);
export type ExamBody = z.infer<typeof examBody>;
/** An exam PIN as customers see it, at their level's price for one PIN. */
export const examProduct = z.object({
  id: integer(),
  exam: examBody,
  name: z.string(),
  price: kobo.check(z.meta({ description: "One PIN, at the level" })),
  // JAMB's: the candidate's profile ID is checked first, and one PIN is bought at a time.
  needs_profile: z.boolean(),
  max_quantity: integer(),
  enabled: z.boolean(),
});
export type ExamProduct = z.infer<typeof examProduct>;

/** A recharge card as customers see it: a network's card of one value, at their level's price for one card. */
export const rechargeCard = z.object({
  id: integer(),
  network_id: integer().check(z.meta({ description: "1=MTN, 2=GLO, 3=9Mobile, 4=Airtel" })),
  network: z.string(),
  denomination: kobo.check(z.meta({ description: "The card's value, in kobo: 10000, 20000, 50000, 100000" })),
  price: kobo.check(z.meta({ description: "One card, at the level" })),
  available: z
    .boolean()
    .check(z.meta({ description: "On sale now: switched on, and a configured provider sells it" })),
});
export type RechargeCard = z.infer<typeof rechargeCard>;

/** A plan's or bouquet's id in a path (a serial). */
export const catalogueIdParam = z.strictObject({
  id: z.coerce.number({ error: "Not found." }).check(z.int(), z.minimum(1), z.maximum(maxPlanId)),
});
/** A network's or TV provider's id in a path. */
export const controlIdParam = z.strictObject({
  id: z.coerce.number({ error: "Not found." }).check(z.int(), z.minimum(1), z.maximum(maxControlId)),
});

/** What each purchase wizard offers, tagged with its kind, as the customer's catalogue calls answer it. */
export interface AirtimeCatalogue {
  kind: "airtime";
  controls: AirtimeControl[];
}
export interface DataCatalogue {
  kind: "data";
  networks: DataNetwork[];
  plans: DataPlan[];
}
export interface TvCatalogue {
  kind: "tv";
  providers: TvProvider[];
  plans: TvPlan[];
}
export interface ElectricityCatalogue {
  kind: "electricity";
  discos: Disco[];
}
export interface ExamPinCatalogue {
  kind: "exam_pin";
  products: ExamProduct[];
}
export interface RechargePinCatalogue {
  kind: "recharge_pin";
  cards: RechargeCard[];
}
export type PurchaseCatalogue =
  | AirtimeCatalogue
  | DataCatalogue
  | TvCatalogue
  | ElectricityCatalogue
  | ExamPinCatalogue
  | RechargePinCatalogue;
export type CatalogueOf<K extends PurchaseKind> = Extract<PurchaseCatalogue, { kind: K }>;
