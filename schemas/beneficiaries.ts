import { z } from "zod/mini";
import { networkId } from "./catalogue";
import { integer, phone, timestamp } from "./common";
import { discoId, meterNumber, meterType, providerId, smartcard } from "./purchases";

// Saved recipients ("beneficiaries"): a number a customer buys for again, with what the purchase it
// serves needs besides the amount. Each field is the purchase's own schema, so a saved recipient
// is refused exactly where its purchase would be.

/** The most recipients one customer may keep: a family's phones, meters and smartcards, with room. */
export const maxBeneficiaries = 50;

export const beneficiaryKinds = ["phone", "smartcard", "meter"] as const;
export type BeneficiaryKind = (typeof beneficiaryKinds)[number];

export const nickname = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: "Name this recipient: 1 to 30 characters." }),
    z.maxLength(30, { error: "Name this recipient: 1 to 30 characters." }),
    z.meta({ title: "Nickname", description: "How you know this recipient, e.g. Mum" }),
  );

export const beneficiaryBody = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ nickname, kind: z.literal("phone"), number: phone, network_id: networkId }),
    z.strictObject({ nickname, kind: z.literal("smartcard"), number: smartcard, provider_id: providerId }),
    z.strictObject({
      nickname,
      kind: z.literal("meter"),
      number: meterNumber,
      disco_id: discoId,
      meter_type: meterType,
    }),
  ],
  { error: "Choose phone, smartcard or meter." },
);
export type BeneficiaryBody = z.infer<typeof beneficiaryBody>;

export const beneficiaryRenameBody = z.strictObject({ nickname });
export type BeneficiaryRenameBody = z.infer<typeof beneficiaryRenameBody>;

const controlId = z.nullable(integer());

/** A saved recipient as its owner sees it. */
export const beneficiary = z.object({
  id: z.uuid(),
  nickname: z.string(),
  kind: z.enum(beneficiaryKinds),
  number: z.string(),
  network_id: controlId,
  provider_id: controlId,
  disco_id: controlId,
  meter_type: z.nullable(meterType),
  target: z.string().check(z.meta({ description: "The network's, TV provider's or disco's name" })),
  verified_name: z
    .nullable(z.string())
    .check(z.meta({ description: "The name the provider gave at the number's last verification" })),
  verified_at: z.nullable(timestamp),
  created_at: timestamp,
});
export type Beneficiary = z.infer<typeof beneficiary>;

/**
 * A purchase's order again, to open its wizard filled in: the fields its body takes but the PIN and
 * request id. `unavailable` names the plan or bouquet when it is switched off now (a network, TV
 * provider or disco switched off is shown so by the wizard's own list).
 */
export const purchaseAgain = z.object({
  kind: z.enum(["airtime", "data", "tv", "electricity"]),
  order: z.record(z.string(), z.union([z.string(), z.number()])),
  unavailable: z.nullable(z.string()),
});
export type PurchaseAgain = z.infer<typeof purchaseAgain>;
