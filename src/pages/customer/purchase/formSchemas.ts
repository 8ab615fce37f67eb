import { z } from "zod/mini";
import { phone } from "../../../../schemas/common";
import { meterNumber, meterType, smartcard } from "../../../../schemas/purchases";
import { nameOnCard } from "../../../../schemas/rechargePins";
import { parseNaira } from "../../../format/money";

/**
 * The wizards' forms, in the shapes inputs give (strings): the same field rules as the purchase
 * bodies where they exist, and naira text that must parse to kobo.
 */
const choose = (what: string) => z.string().check(z.regex(/^\d+$/, { error: `Choose ${what}.` }));
const naira = z
  .string()
  .check(z.refine((text) => parseNaira(text) !== null, { error: "Enter an amount in naira, like 1,000." }));

export const airtimeForm = z.object({ phone, network_id: choose("a network"), amount: naira });
export const dataForm = z.object({ phone, network_id: choose("a network"), plan_id: choose("a plan") });
export const tvForm = z.object({
  provider_id: choose("a provider"),
  plan_id: choose("a bouquet"),
  smartcard,
  phone,
});
export const electricityForm = z.object({
  disco_id: choose("your electricity company"),
  meter_type: meterType,
  meter_number: meterNumber,
  amount: naira,
  phone,
});
/** Quantity and profile ID are checked against the chosen product as the form is sent (ExamPinForm). */
export const examPinForm = z.object({
  product: choose("an exam PIN"),
  quantity: z.string().check(z.regex(/^\d{1,3}$/, { error: "Enter how many PINs, as a number." })),
  phone,
  profile_id: z.string(),
});
/** How many is checked against the bounds as the form is sent (RechargePinForm); the name as the body checks it. */
export const rechargePinForm = z.object({
  network_id: choose("a network"),
  denomination: choose("a card value"),
  quantity: z.string().check(z.regex(/^\d{1,3}$/, { error: "Enter how many cards, as a number." })),
  name_on_card: nameOnCard,
});
