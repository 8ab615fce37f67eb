import { z } from "zod/mini";
import { networkId } from "./catalogue";
import { integer, kobo, koboAmount, maxControlId, maxPlanId, phone, pin } from "./common";
import type { examPinPurchaseBody } from "./examPins";
import type { rechargePinPurchaseBody } from "./rechargePins";
import type { PurchaseKind } from "./transactions";
import { requestId } from "./wallet";

const digits = (title: string) =>
  z
    .string()
    .check(z.trim(), z.regex(/^\d{6,20}$/, { error: `${title} must be 6 to 20 digits.` }), z.meta({ title }));

export const smartcard = digits("Smartcard number");
export const meterNumber = digits("Meter number");
export const meterType = z.enum(["prepaid", "postpaid"]).check(z.meta({ title: "Meter type" }));
export type MeterType = z.infer<typeof meterType>;

/** What every purchase carries besides its order: the PIN, the request id, and the duplicate override. */
export const confirmation = {
  pin,
  request_id: requestId,
  allow_duplicate: z
    .optional(z.boolean())
    .check(
      z.meta({ description: "The customer confirmed buying the same thing for the same recipient again" }),
    ),
};

export const airtimePurchaseBody = z.strictObject({
  network_id: networkId,
  phone,
  amount: koboAmount,
  ...confirmation,
});
export type AirtimePurchaseBody = z.infer<typeof airtimePurchaseBody>;

export const dataPurchaseBody = z.strictObject({
  plan_id: integer().check(z.minimum(1), z.maximum(maxPlanId), z.meta({ title: "Plan" })),
  phone,
  ...confirmation,
});
export type DataPurchaseBody = z.infer<typeof dataPurchaseBody>;

export const providerId = integer().check(
  z.minimum(1),
  z.maximum(maxControlId),
  z.meta({ title: "Provider" }),
);
export const tvVerifyBody = z.strictObject({
  action: z.literal("verify"),
  provider_id: providerId,
  smartcard,
});
export const subscriptionType = z.enum(["change", "renew"]).check(
  z.meta({
    title: "Subscription",
    description:
      "`change` (the default) buys the chosen bouquet; `renew` renews it when the smartcard already has it",
  }),
);
export const tvBuyBody = z.strictObject({
  action: z.literal("buy"),
  provider_id: providerId,
  plan_id: integer().check(z.minimum(1), z.maximum(maxPlanId), z.meta({ title: "Bouquet" })),
  smartcard,
  phone,
  subscription_type: z.optional(subscriptionType),
  ...confirmation,
});
export const tvBody = z.discriminatedUnion("action", [tvVerifyBody, tvBuyBody]);
export type TvVerifyBody = z.infer<typeof tvVerifyBody>;
export type TvBuyBody = z.infer<typeof tvBuyBody>;
export const tvVerifyResult = z.object({
  customer_name: z.string(),
  current_plan: z.optional(z.string()),
  current_plan_price: z
    .optional(kobo)
    .check(z.meta({ description: "The current bouquet's price, in kobo, when the provider names one" })),
  due_date: z.optional(z.iso.date()),
  renewal_amount: z
    .optional(kobo)
    .check(z.meta({ description: "What renewing the current bouquet costs, in kobo" })),
});
export type TvVerifyResult = z.infer<typeof tvVerifyResult>;

export const discoId = integer().check(
  z.minimum(1),
  z.maximum(maxControlId),
  z.meta({ title: "Distribution company" }),
);
export const electricityVerifyBody = z.strictObject({
  action: z.literal("verify"),
  disco_id: discoId,
  meter_number: meterNumber,
  meter_type: meterType,
});
export const electricityBuyBody = z.strictObject({
  action: z.literal("buy"),
  disco_id: discoId,
  meter_number: meterNumber,
  meter_type: meterType,
  amount: koboAmount,
  phone,
  ...confirmation,
});
export const electricityBody = z.discriminatedUnion("action", [electricityVerifyBody, electricityBuyBody]);
export type ElectricityVerifyBody = z.infer<typeof electricityVerifyBody>;
export type ElectricityBuyBody = z.infer<typeof electricityBuyBody>;
export const meterVerifyResult = z.object({ customer_name: z.string(), address: z.string() });
export type MeterVerifyResult = z.infer<typeof meterVerifyResult>;

/**
 * What the purchase wizards carry for each kind, derived from the bodies above so the two cannot
 * drift. An order is a body without what every purchase adds at the last step (the PIN, the request
 * id, the duplicate override, the action); a draft is the form's values, which for data also keep
 * the network its plan was chosen from.
 */
type AddedAtConfirm = keyof typeof confirmation | "action";
export type AirtimeOrder = Omit<z.input<typeof airtimePurchaseBody>, AddedAtConfirm>;
export type DataOrder = Omit<z.input<typeof dataPurchaseBody>, AddedAtConfirm>;
export type TvOrder = Omit<z.input<typeof tvBuyBody>, AddedAtConfirm>;
export type ElectricityOrder = Omit<z.input<typeof electricityBuyBody>, AddedAtConfirm>;
export type ExamPinOrder = Omit<z.input<typeof examPinPurchaseBody>, AddedAtConfirm>;
export type RechargePinOrder = Omit<z.input<typeof rechargePinPurchaseBody>, AddedAtConfirm>;

export type AirtimeDraft = AirtimeOrder;
export type DataDraft = DataOrder & { network_id: z.input<typeof networkId> };
export type TvDraft = TvOrder;
export type ElectricityDraft = ElectricityOrder;
export type ExamPinDraft = ExamPinOrder;
export type RechargePinDraft = RechargePinOrder;

interface PurchaseShapes {
  airtime: { draft: AirtimeDraft; order: AirtimeOrder };
  data: { draft: DataDraft; order: DataOrder };
  tv: { draft: TvDraft; order: TvOrder };
  electricity: { draft: ElectricityDraft; order: ElectricityOrder };
  exam_pin: { draft: ExamPinDraft; order: ExamPinOrder };
  recharge_pin: { draft: RechargePinDraft; order: RechargePinOrder };
}

/** An order tagged with its kind: switching on `kind` gives that kind's fields and no other's. */
export type PurchaseOrder<K extends PurchaseKind = PurchaseKind> = {
  [P in K]: { kind: P; order: PurchaseShapes[P]["order"] };
}[K];

/** A form's draft and the order it makes, tagged with their kind. */
export type PurchaseDraft<K extends PurchaseKind = PurchaseKind> = {
  [P in K]: { kind: P } & PurchaseShapes[P];
}[K];

/** The `data` of a `possible_duplicate` refusal: the purchase of the same thing moments ago. */
export const possibleDuplicate = z.object({ duplicate_of: z.string() });
