import { z } from "zod";
import {
  commissionOn,
  findVariation,
  maximumAmountKobo,
  minimumAmountKobo,
  profileService,
  type VtpassService,
  vtpassService,
} from "./vtpassCatalogue";

/** What a `pay` body asks for, checked the way VTpass checks it, with the price it will charge. */
export interface PayOrder {
  service: VtpassService;
  /**
   * What the record names in `unique_element`: the phone for airtime and exam PINs, the billersCode
   * otherwise (a JAMB PIN's profile ID among them).
   */
  recipient: string;
  /** Whose last four digits choose the outcome and scripts: an exam PIN's phone, else the recipient. */
  trigger: string;
  phone: string;
  variationCode: string | null;
  quantity: number;
  unitPriceKobo: number;
  amountKobo: number;
  commissionKobo: number;
  /** What the merchant is charged: amount less commission. */
  totalKobo: number;
}

// Clients send numbers as strings and strings as numbers; VTpass takes either.
const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1));
const nairaAmount = z
  .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)])
  .transform((v) => Math.round(Number(v) * 100))
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

const payBody = z.looseObject({
  serviceID: text,
  billersCode: text.optional(),
  variation_code: text.optional(),
  amount: nairaAmount.optional(),
  phone: text.optional(),
  subscription_type: z.string().optional(),
  quantity: z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number),
    ])
    .optional(),
});

const maxQuantity = 12;

export type PayOrderCheck = { order: PayOrder } | { refusal: string };

/** Reads a pay body: 012 for an unknown service, 011 for a missing field, 010, 013, 017, 031, 032. */
export function readPayOrder(body: unknown): PayOrderCheck {
  const serviceID = z.looseObject({ serviceID: text }).safeParse(body);
  if (!serviceID.success) return { refusal: "011" };
  const service = vtpassService(serviceID.data.serviceID);
  if (!service) return { refusal: "012" };
  const parsed = payBody.safeParse(body);
  if (!parsed.success || !parsed.data.phone) return { refusal: "011" };
  const { billersCode, variation_code, amount, phone, subscription_type, quantity = 1 } = parsed.data;

  const priced = (
    recipient: string,
    variationCode: string | null,
    unitPriceKobo: number,
    count = 1,
    trigger = recipient,
  ): PayOrderCheck => {
    const amountKobo = unitPriceKobo * count;
    if (amountKobo < minimumAmountKobo[service.kind] || unitPriceKobo <= 0) return { refusal: "013" };
    if (amountKobo > maximumAmountKobo[service.kind]) return { refusal: "017" };
    const commissionKobo = commissionOn(service, amountKobo);
    return {
      order: {
        service,
        recipient,
        trigger,
        phone,
        variationCode,
        quantity: count,
        unitPriceKobo,
        amountKobo,
        commissionKobo,
        totalKobo: amountKobo - commissionKobo,
      },
    };
  };

  switch (service.kind) {
    case "airtime":
      if (amount === undefined) return { refusal: "011" };
      return priced(phone, null, amount);
    case "data": {
      if (!billersCode || !variation_code) return { refusal: "011" };
      const variation = findVariation(service, variation_code);
      if (!variation) return { refusal: "010" };
      return priced(billersCode, variation.variation_code, variation.amountKobo);
    }
    case "tv": {
      if (!billersCode) return { refusal: "011" };
      if (quantity < 1) return { refusal: "031" };
      if (quantity > maxQuantity) return { refusal: "032" };
      if (subscription_type === "renew") {
        // A renewal pays the Renewal_Amount verification answered; the bouquet code is optional.
        if (amount === undefined) return { refusal: "011" };
        return priced(billersCode, variation_code ?? null, amount);
      }
      if (subscription_type !== "change" || !variation_code) return { refusal: "011" };
      const bouquet = findVariation(service, variation_code);
      if (!bouquet) return { refusal: "010" };
      return priced(billersCode, bouquet.variation_code, bouquet.amountKobo, quantity);
    }
    case "electricity": {
      if (!billersCode || !variation_code || amount === undefined) return { refusal: "011" };
      if (!findVariation(service, variation_code)) return { refusal: "010" };
      return priced(billersCode, variation_code, amount);
    }
    case "education": {
      // The variation fixes the price (an amount is ignored); a JAMB PIN is one, for billersCode's profile.
      if (!variation_code) return { refusal: "011" };
      const pin = findVariation(service, variation_code);
      if (!pin) return { refusal: "010" };
      if (service.serviceID === profileService) {
        if (!billersCode) return { refusal: "011" };
        return priced(billersCode, pin.variation_code, pin.amountKobo, 1, phone);
      }
      if (quantity < 1) return { refusal: "031" };
      if (quantity > maxQuantity) return { refusal: "032" };
      return priced(phone, pin.variation_code, pin.amountKobo, quantity);
    }
  }
}
