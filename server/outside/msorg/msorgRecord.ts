import currency from "currency.js";
import { z } from "zod";
import { lagosZone } from "../../lagosCalendar";
import { lenient, scalarText } from "../lenientJson";
import { type ProviderOrder, recipientOf } from "../provider";

/**
 * One purchase as an SME-data vendor records it (docs/PROVIDERS.md, "The SME-data vendors"), read
 * leniently: the vendors built on the one script still rename, retype and drop fields (Subpadi's
 * electricity record says `meter_no` and `date_created`, Husmodata's `meter_number` and `create_date`).
 */
export const msorgRecord = z.looseObject({
  id: lenient(scalarText),
  Status: lenient(z.string()),
  status: lenient(z.string()),
  ident: lenient(scalarText),
  api_response: lenient(scalarText),
  mobile_number: lenient(scalarText),
  meter_number: lenient(scalarText),
  meter_no: lenient(scalarText),
  smart_card_number: lenient(scalarText),
  amount: lenient(scalarText),
  plan: lenient(scalarText),
  cableplan: lenient(scalarText),
  token: lenient(scalarText),
  Token: lenient(scalarText),
  units: lenient(scalarText),
  Units: lenient(scalarText),
  create_date: lenient(z.string()),
  date_created: lenient(z.string()),
  exam_name: lenient(scalarText),
  quantity: lenient(scalarText),
  network: lenient(scalarText),
  network_amount: lenient(scalarText),
  name_on_card: lenient(scalarText),
});
export type MsorgRecord = z.infer<typeof msorgRecord>;

/** A record's status in lower case; `Status` is the convention, a few vendors write `status`. */
export const recordStatus = (record: MsorgRecord) => (record.Status ?? record.status)?.trim().toLowerCase();

/** Naira as vendors write it ("200", 200, "200.0", "₦235.0", "N1,500") in kobo; undefined without digits. */
export function nairaTextToKobo(text: string | number | undefined): number | undefined {
  if (text === undefined || !/\d/.test(String(text))) return undefined;
  return currency(String(text).replace(/^[^\d-]+/, "")).intValue;
}

/** A Nigerian number as written either way (0803…, 234803…, +234 803…), for comparing. */
const plainNumber = (text: string) => text.replace(/\D/g, "").replace(/^234(?=\d{10}$)/, "0");

// The vendors' Django servers write Lagos time without a zone.

/** When the vendor made the record: `create_date` (or `date_created`), Lagos time unless it says otherwise. */
export function recordTime(record: MsorgRecord): Date | undefined {
  const written = (record.create_date ?? record.date_created)?.trim();
  if (!written) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(written) ? written : `${written}${lagosZone}`;
  // Date.parse reads milliseconds only: Django's microseconds are cut to three digits.
  const time = Date.parse(zoned.replace(/(\.\d{3})\d+/, "$1"));
  return Number.isNaN(time) ? undefined : new Date(time);
}

function recipientField(record: MsorgRecord, order: ProviderOrder): string | undefined {
  switch (order.service) {
    case "airtime":
    case "data":
      return record.mobile_number;
    case "tv":
      return record.smart_card_number;
    case "electricity":
      return record.meter_number ?? record.meter_no;
    case "exam_pin":
    case "recharge_pin":
      return undefined;
  }
}

/** The vendor's plan id the record names, when it writes one as an id (some write the plan's name). */
function planOf(record: MsorgRecord, order: ProviderOrder): string | undefined {
  const plan = order.service === "data" ? record.plan : order.service === "tv" ? record.cableplan : undefined;
  return plan !== undefined && /^\d+$/.test(plan.trim()) ? plan.trim() : undefined;
}

/**
 * What in the record does not fit the purchase asked about, in a few words; undefined when it fits.
 * Only fields the record carries are compared. Data and TV are compared by plan, not amount: the
 * vendor's price for a plan moves on its own, and the plan says what was bought.
 */
export function misfitOf(record: MsorgRecord, order: ProviderOrder, askedId?: string): string | undefined {
  if (askedId !== undefined && record.id !== undefined && record.id.trim() !== askedId.trim())
    return `another record (${record.id}, asked ${askedId})`;
  if (order.service === "exam_pin") return examMisfit(record, order);
  if (order.service === "recharge_pin") return rechargeMisfit(record, order);
  const recipient = recipientField(record, order);
  if (recipient !== undefined && plainNumber(recipient) !== plainNumber(recipientOf(order)))
    return `another number (${recipient})`;
  if (order.service === "data" || order.service === "tv") {
    const plan = planOf(record, order);
    if (plan !== undefined && plan !== order.variationCode.trim()) return `another plan (${plan})`;
    return undefined;
  }
  const amount = nairaTextToKobo(record.amount);
  if (amount !== undefined && amount !== order.amount) return `another amount (₦${record.amount})`;
  return undefined;
}

/**
 * Exam PINs are compared by exam and quantity, not amount: the vendor's price of a PIN moves on its
 * own (its `Exam` prices), and the exam and how many say what was bought.
 */
function examMisfit(record: MsorgRecord, order: Extract<ProviderOrder, { service: "exam_pin" }>) {
  const exam = record.exam_name?.trim();
  if (exam !== undefined && exam.toLowerCase() !== order.serviceId.trim().toLowerCase())
    return `another exam (${exam})`;
  const quantity = record.quantity?.trim();
  if (quantity !== undefined && /^\d+$/.test(quantity) && Number(quantity) !== order.quantity)
    return `another quantity (${quantity} PINs)`;
  return undefined;
}

/**
 * Recharge cards are compared by network, card (`network_amount`), quantity and the name printed on
 * them, not amount, for the reason exam PINs are: the vendor's price of a card moves on its own.
 */
function rechargeMisfit(record: MsorgRecord, order: Extract<ProviderOrder, { service: "recharge_pin" }>) {
  const same = (written: string | undefined, ours: string) =>
    written === undefined || written.trim().toLowerCase() === ours.trim().toLowerCase();
  // Ids are compared where written as ids: some vendors write the network's name instead.
  const sameId = (written: string | undefined, ours: string) =>
    written === undefined || !/^\d+$/.test(written.trim()) || same(written, ours);
  if (!sameId(record.network, order.serviceId)) return `another network (${record.network})`;
  if (!sameId(record.network_amount, order.variationCode)) return `another card (${record.network_amount})`;
  if (!same(record.quantity, String(order.quantity))) return `another quantity (${record.quantity} cards)`;
  if (!same(record.name_on_card, order.nameOnCard))
    return `another name on the cards (${record.name_on_card})`;
  return undefined;
}
