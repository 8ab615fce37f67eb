import type { Choice } from "../../../../machines/purchaseMachine";
import {
  type AirtimeCatalogue,
  type DataCatalogue,
  type ElectricityCatalogue,
  type ExamPinCatalogue,
  planTypeLabels,
  type RechargePinCatalogue,
  type TvCatalogue,
} from "../../../../schemas/catalogue";
import { formatNaira } from "../../../../schemas/money";
import { airtimeQuote, electricityQuote, feeQuote, planQuote } from "../../../../schemas/pricing";
import type {
  AirtimeDraft,
  DataDraft,
  ElectricityDraft,
  ExamPinDraft,
  RechargePinDraft,
  TvDraft,
} from "../../../../schemas/purchases";

/**
 * From what a customer chose to what the machine carries: the order the API takes, the quote (the
 * same pricing functions the server charges by) and the summary lines shown before the PIN.
 * Pure, so the forms and the tests build the very same choice.
 */

export function airtimeChoice(v: AirtimeDraft, catalogue: AirtimeCatalogue): Choice<"airtime"> {
  const control = catalogue.controls.find((c) => c.id === v.network_id);
  const quote = airtimeQuote(v.amount, control?.discount_percent ?? 0);
  return {
    kind: "airtime",
    draft: { ...v },
    order: { network_id: v.network_id, phone: v.phone, amount: v.amount },
    quote,
    summary: [
      ["Network", control?.network ?? ""],
      ["Phone number", v.phone],
      ["Airtime", formatNaira(v.amount)],
    ],
  };
}

export function dataChoice(v: DataDraft, catalogue: DataCatalogue): Choice<"data"> {
  const plan = catalogue.plans.find((p) => p.id === v.plan_id);
  const network = catalogue.networks.find((n) => n.id === v.network_id);
  return {
    kind: "data",
    draft: { ...v },
    order: { plan_id: v.plan_id, phone: v.phone },
    quote: planQuote(plan?.price ?? 0),
    summary: [
      ["Network", network?.name ?? ""],
      ["Phone number", v.phone],
      ["Plan", plan ? `${plan.size}, ${plan.validity}, ${planTypeLabels[plan.plan_type]}` : ""],
    ],
  };
}

export function tvChoice(v: TvDraft, catalogue: TvCatalogue): Choice<"tv"> {
  const provider = catalogue.providers.find((p) => p.id === v.provider_id);
  const plan = catalogue.plans.find((p) => p.id === v.plan_id);
  return {
    kind: "tv",
    draft: { ...v },
    order: { provider_id: v.provider_id, plan_id: v.plan_id, smartcard: v.smartcard, phone: v.phone },
    quote: feeQuote(plan?.price ?? 0, provider?.service_fee ?? 0),
    summary: [
      ["Provider", provider?.name ?? ""],
      ["Bouquet", plan?.name ?? ""],
      ["Smartcard number", v.smartcard],
      ["Phone number", v.phone],
    ],
  };
}

export function electricityChoice(
  v: ElectricityDraft,
  catalogue: ElectricityCatalogue,
): Choice<"electricity"> {
  const disco = catalogue.discos.find((d) => d.id === v.disco_id);
  return {
    kind: "electricity",
    draft: { ...v },
    order: {
      disco_id: v.disco_id,
      meter_number: v.meter_number,
      meter_type: v.meter_type,
      amount: v.amount,
      phone: v.phone,
    },
    quote: electricityQuote(v.amount, disco?.service_fee ?? 0, disco?.discount_percent ?? 0),
    summary: [
      ["Distribution company", disco?.name ?? ""],
      ["Meter", `${v.meter_number} (${v.meter_type})`],
      ["Electricity", formatNaira(v.amount)],
      ["Phone number", v.phone],
    ],
  };
}

/** A JAMB PIN carries its candidate's profile ID; every other exam PIN goes without one. */
export function examPinChoice(v: ExamPinDraft, catalogue: ExamPinCatalogue): Choice<"exam_pin"> {
  const product = catalogue.products.find((p) => p.id === v.product);
  const price = product?.price ?? 0;
  const profile = product?.needs_profile ? v.profile_id : undefined;
  const order = { product: v.product, quantity: v.quantity, phone: v.phone };
  return {
    kind: "exam_pin",
    draft: { ...v },
    order: profile ? { ...order, profile_id: profile } : order,
    quote: planQuote(price * v.quantity),
    summary: [
      ["Exam PIN", product?.name ?? ""],
      ["How many", v.quantity === 1 ? "1 PIN" : `${v.quantity} PINs at ${formatNaira(price, true)} each`],
      ...(profile ? [["JAMB profile ID", profile] as [string, string]] : []),
      ["Phone number", v.phone],
    ],
  };
}

/** One price per card, the level's, times how many; the name goes to the provider as typed. */
export function rechargePinChoice(
  v: RechargePinDraft,
  catalogue: RechargePinCatalogue,
): Choice<"recharge_pin"> {
  const card = catalogue.cards.find(
    (c) => c.network_id === v.network_id && c.denomination === v.denomination,
  );
  const price = card?.price ?? 0;
  const value = formatNaira(v.denomination, true);
  return {
    kind: "recharge_pin",
    draft: { ...v },
    order: {
      network_id: v.network_id,
      denomination: v.denomination,
      quantity: v.quantity,
      name_on_card: v.name_on_card,
    },
    quote: planQuote(price * v.quantity),
    summary: [
      ["Network", card?.network ?? ""],
      ["Card value", value],
      ["How many", v.quantity === 1 ? "1 card" : `${v.quantity} cards at ${formatNaira(price, true)} each`],
      ["Name on the cards", v.name_on_card],
    ],
  };
}
