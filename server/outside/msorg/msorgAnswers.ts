import { z } from "zod";
import type { OutsideReply } from "../outsideHttp";
import type { ProviderAlertKind, ProviderOrder, ProviderResult } from "../provider";
import { readToken, readUnits } from "../vtpass/electricityToken";
import { pinsOf } from "./msorgPins";
import { rechargeCardsOf } from "./msorgRechargeCards";
import { type MsorgRecord, misfitOf, msorgRecord, recordStatus } from "./msorgRecord";

/**
 * An SME-data vendor's answers, classified by the rules in docs/PROVIDERS.md: only a record's own
 * `Status: failed`, or a refusal (400/401) before any record existed, fails a purchase; every other
 * answer leaves it pending for a requery to settle. Pure: the reply and the order in, a result out.
 */

/** What the answer is to: a purchase, or a requery (by the vendor's id, when one is known). */
export type MsorgQuestion = { kind: "buy" } | { kind: "requery"; id?: string };

const reasons = {
  failed: "The provider could not complete this purchase.",
  refused: "The provider refused this purchase.",
  unavailable: "This service is not available right now.",
};

/** Where the vendors put their words: Django REST framework's `detail`, and `message` or `error`. */
const refusalWords = z.looseObject({
  detail: z.unknown().optional(),
  message: z.unknown().optional(),
  error: z.unknown().optional(),
});

function textOf(value: unknown): string | undefined {
  if (typeof value === "string" || typeof value === "number") return String(value).trim() || undefined;
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join("; ") || undefined;
  return undefined;
}

/** The vendor's own words in an answer that is not a record. */
export function wordsOf(json: unknown): string | undefined {
  const parsed = refusalWords.safeParse(json);
  if (!parsed.success) return undefined;
  const { detail, message, error } = parsed.data;
  return textOf(detail) ?? textOf(message) ?? textOf(error);
}

const brief = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** Trouble with the business's own account at the vendor, by HTTP status and the vendor's words. */
function accountAlert(httpStatus: number, words: string): ProviderAlertKind | undefined {
  if (httpStatus === 401 || /invalid token|credentials/i.test(words)) return "account";
  if (/insufficient|low (wallet )?balance|balance is (too )?low/i.test(words)) return "low_balance";
  return undefined;
}

/** A record with an id and a status: the vendor's account of one purchase. */
function recordOf(reply: OutsideReply): (MsorgRecord & { id: string }) | undefined {
  if (!reply.isJson || (reply.httpStatus !== 200 && reply.httpStatus !== 201)) return undefined;
  const parsed = msorgRecord.safeParse(reply.json);
  if (!parsed.success || !parsed.data.id || !recordStatus(parsed.data)) return undefined;
  return parsed.data as MsorgRecord & { id: string };
}

const withValue = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** Electricity's token: in `token` (often "Token : 1234 …"), or only inside `api_response`. */
function tokenOf(record: MsorgRecord): string | undefined {
  const direct = readToken([record.token, record.Token]);
  if (direct) return direct;
  const inWords = /token\s*:?\s*(\d[\d\s-]{18,}\d)/i.exec(record.api_response ?? "")?.[1];
  return inWords ? readToken([inWords]) : undefined;
}

/**
 * One record, read against the order it should be about. A record that does not fit (another
 * number, plan, amount or id) is never taken for the purchase: pending, and staff are told.
 */
export function classifyRecord(
  record: MsorgRecord & { id: string },
  order: ProviderOrder,
  label: string,
  askedId?: string,
): ProviderResult {
  const status = recordStatus(record) ?? "";
  const words = record.api_response ? `: ${brief(spoken(record.api_response, order))}` : "";
  const note = `${label}: record ${record.id} ${status}${words}`;
  const misfit = misfitOf(record, order, askedId);
  if (misfit)
    return { status: "pending", note: `${label}: the answer is about ${misfit}`, alert: "mismatch" };
  const base = { providerReference: record.id, note };
  switch (status) {
    case "successful":
    case "success":
      if (order.service === "exam_pin" || order.service === "recharge_pin")
        return withPins(record, order, base);
      return {
        status: "successful",
        ...base,
        ...(order.service === "electricity" && withValue("token", tokenOf(record))),
        ...(order.service === "electricity" && withValue("units", readUnits([record.units, record.Units]))),
      };
    case "failed":
      return { status: "failed", ...base, reason: reasons.failed, safeToFailOver: true };
    default:
      // processing, pending, or a word we do not know: only a requery can tell.
      return { status: "pending", ...base };
  }
}

/**
 * A delivered `epin/` or `rechargepin/` record with its cards. One that carries fewer readable cards than were bought
 * is still answered successful with what it carries: the purchase path keeps it pending until a
 * requery reads them all (services/purchases/vouchers.ts, `withEveryPin`). The note never holds a PIN.
 */
function withPins(
  record: MsorgRecord,
  order: Extract<ProviderOrder, { service: "exam_pin" | "recharge_pin" }>,
  base: { providerReference: string; note: string },
): ProviderResult {
  const vouchers = order.service === "recharge_pin" ? rechargeCardsOf(record) : pinsOf(record);
  const short =
    vouchers.length < order.quantity ? ` (${vouchers.length} of ${order.quantity} PINs readable)` : "";
  return { status: "successful", ...base, note: `${base.note}${short}`, vouchers };
}

/**
 * The vendor's words as a note may keep them. A PIN bought is money and never reaches a note (notes
 * are logged and shown to staff): an `epin/` or `rechargepin/` answer's runs of 8 or more letters and digits, which a
 * vendor may write its cards into, are masked.
 */
function spoken(words: string, order: ProviderOrder): string {
  const sellsPins = order.service === "exam_pin" || order.service === "recharge_pin";
  return sellsPins ? words.replace(/[\w-]*\d[\w-]{7,}/g, "[masked]") : words;
}

function noteWithoutRecord(reply: OutsideReply, order: ProviderOrder, label: string): string {
  if (!reply.isJson) return `${label}: HTTP ${reply.httpStatus} with a body that is not JSON`;
  const words = wordsOf(reply.json) ?? JSON.stringify(reply.json) ?? "";
  return `${label}: HTTP ${reply.httpStatus} ${brief(spoken(words, order))}`;
}

/**
 * A purchase's or a requery's answer. A 400 or 401 without a record refuses the purchase, before it
 * existed, only when it answers the purchase itself; on a requery it says nothing about the
 * purchase, so it stays pending (with the account alert for a rejected token).
 */
export function classifyReply(
  reply: OutsideReply,
  order: ProviderOrder,
  label: string,
  question: MsorgQuestion,
): ProviderResult {
  const askedId = question.kind === "requery" ? question.id : undefined;
  const record = recordOf(reply);
  if (record) return classifyRecord(record, order, label, askedId);
  const note = noteWithoutRecord(reply, order, label);
  const refused =
    reply.isJson && (reply.httpStatus === 400 || reply.httpStatus === 401) && !hasId(reply.json);
  if (!refused) return { status: "pending", note };
  const alert = accountAlert(reply.httpStatus, wordsOf(reply.json) ?? "");
  if (question.kind === "requery")
    return alert === "account" ? { status: "pending", note, alert } : { status: "pending", note };
  return {
    status: "failed",
    reason: alert ? reasons.unavailable : reasons.refused,
    note,
    safeToFailOver: true,
    ...(alert && { alert }),
  };
}

function hasId(json: unknown): boolean {
  const parsed = msorgRecord.safeParse(json);
  return parsed.success && parsed.data.id !== undefined;
}
