import { z } from "zod";
import type { OutsideReply } from "../outsideHttp";
import type { ProviderOrder, ProviderResult } from "../provider";
import { classifyRecord, wordsOf } from "./msorgAnswers";
import { type MsorgRecord, misfitOf, msorgRecord, recordTime } from "./msorgRecord";

/**
 * Finding a purchase whose answer was lost, in the vendor's list of the account's recent purchases
 * of its service (`GET data/`): we send the vendor no id of ours, so number, product, amount and
 * time are all there is. Never a guess: two candidates, or one without a time, are left to staff;
 * and "no record" only once the list provably holds every record that could be this purchase.
 * Pure: what the pages read so far show; msorgLostPurchase.ts reads them.
 */

/** How far the vendor's clock and ours may differ. */
export const clockDriftMs = 120_000;

/**
 * Django REST framework's page (`results`, `next` the next page's link or null on the last, `count`
 * of them all), as the MSORG script pages `GET data/` and the rest; or a plain array.
 */
const page = z.looseObject({
  results: z.array(z.unknown()),
  next: z.unknown().optional(),
  count: z.unknown().optional(),
});

export type VendorRecord = MsorgRecord & { id: string };

/** One page as read: its records and what it says of the next. */
export interface ListingPage {
  records: VendorRecord[];
  /**
   * A page object's `next` as sent (a link, null on the last page, undefined when it has none); a
   * plain array has no pages: `plain`.
   */
  next: unknown;
  plain: boolean;
  /** A page object's `count` of all the records, when it gives one. */
  count: number | undefined;
}

function recordsOf(items: unknown[]): VendorRecord[] {
  return items.flatMap((item) => {
    const parsed = msorgRecord.safeParse(item);
    return parsed.success && parsed.data.id !== undefined ? [parsed.data as VendorRecord] : [];
  });
}

/** A 200 with a list, or undefined (an error, a body that is not JSON, another shape). */
export function listingPageOf(reply: OutsideReply): ListingPage | undefined {
  if (!reply.isJson || reply.httpStatus !== 200) return undefined;
  if (Array.isArray(reply.json))
    return { records: recordsOf(reply.json), next: undefined, plain: true, count: undefined };
  const parsed = page.safeParse(reply.json);
  if (!parsed.success) return undefined;
  const { results, next, count } = parsed.data;
  return {
    records: recordsOf(results),
    next,
    plain: false,
    count: typeof count === "number" && Number.isInteger(count) ? count : undefined,
  };
}

/** What an answer that is not a list says, for the note: "answered HTTP 502 a body that is not JSON". */
export function unreadableAnswer(reply: OutsideReply): string {
  const words = reply.isJson ? (wordsOf(reply.json) ?? "") : "a body that is not JSON";
  return `answered HTTP ${reply.httpStatus} ${words}`.trim();
}

export interface LostPurchase {
  order: ProviderOrder;
  sentAt: Date;
  /** How long after sending its record may have been made (our time limit, and the clocks' drift). */
  withinMs: number;
}

/** What the records read so far (each once, in the order read) show about the lost purchase. */
export interface Sighting {
  candidates: VendorRecord[];
  /** A record made before the purchase was sent: no candidate can follow it in a newest-first list. */
  passedStart: boolean;
  /** A record made more than the clocks' drift before it was sent: every record that could be it was read. */
  reachedBack: boolean;
  /** The records' times never rise in the order read; times are proof of nothing otherwise. */
  newestFirst: boolean;
  /** The oldest time read, for the note. */
  oldest: Date | undefined;
}

export function sightingOf(records: VendorRecord[], lost: LostPurchase): Sighting {
  const from = lost.sentAt.getTime();
  const until = from + lost.withinMs;
  const times = records.map((record) => recordTime(record)?.getTime());
  const timed = times.filter((time) => time !== undefined);
  const newestFirst = timed.every((time, i) => i === 0 || time <= (timed[i - 1] ?? time));
  const oldest = timed.length > 0 ? Math.min(...timed) : undefined;
  const candidates = records.filter((record, i) => {
    const time = times[i];
    const inWindow = time === undefined || (time >= from && time <= until);
    return inWindow && misfitOf(record, lost.order) === undefined;
  });
  return {
    candidates,
    passedStart: newestFirst && oldest !== undefined && oldest < from,
    reachedBack: newestFirst && oldest !== undefined && oldest < from - clockDriftMs,
    newestFirst,
    oldest: oldest === undefined ? undefined : new Date(oldest),
  };
}

/** Whether the records read already settle it, so further pages could not change the verdict. */
export function sightingSettled(sighting: Sighting): boolean {
  const { candidates } = sighting;
  if (candidates.length > 1) return true;
  return candidates.length === 1 ? sighting.passedStart : sighting.reachedBack;
}

/**
 * Why the list was not read further: `lasting` when the next try would stop there too (the adapter's
 * bound on pages or time, a list without pages), so staff are alerted; otherwise a requery tries again.
 */
export interface ListingCut {
  why: string;
  lasting: boolean;
}

/**
 * The answer from everything read: `cut` says why the list was not read further, null when nothing
 * more needed reading (its last page was read, or the records read settle it).
 */
export function lostPurchaseVerdict(
  sighting: Sighting,
  lost: LostPurchase,
  label: string,
  cut: ListingCut | null,
): ProviderResult {
  const { candidates } = sighting;
  const [only] = candidates;
  if (candidates.length > 1) {
    const ids = candidates.map((c) => c.id).join(", ");
    return {
      status: "pending",
      note: `${label}: records ${ids} may each be this purchase`,
      alert: "mismatch",
    };
  }
  if (only && !recordTime(only))
    return {
      status: "pending",
      note: `${label}: record ${only.id} may be this purchase, but says no time`,
      alert: "mismatch",
    };
  if (!cut || sightingSettled(sighting))
    return only
      ? classifyRecord(only, lost.order, label, only.id)
      : { status: "pending", note: `${label}: no record of this purchase`, unknownRequest: true };
  const reached = sighting.oldest ? `, back to ${sighting.oldest.toISOString()}` : "";
  const order = sighting.newestFirst ? "" : ", not newest first";
  const what = only
    ? `record ${only.id} may be this purchase, but the list may hold another`
    : "the list of recent purchases does not reach back to this purchase";
  const note = `${label}: ${what} (read${reached}${order}; sent ${lost.sentAt.toISOString()}): ${cut.why}`;
  return cut.lasting
    ? { status: "pending", note: `${note}; staff must find it at the vendor`, alert: "mismatch" }
    : { status: "pending", note };
}
