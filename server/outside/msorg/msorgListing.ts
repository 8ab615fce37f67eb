import { z } from "zod";
import type { OutsideReply } from "../outsideHttp";
import type { ProviderOrder, ProviderResult } from "../provider";
import { classifyRecord, wordsOf } from "./msorgAnswers";
import { type MsorgRecord, misfitOf, msorgRecord, recordTime } from "./msorgRecord";

/**
 * Finding a purchase whose answer was lost, in the vendor's list of the account's recent purchases
 * of its service (`GET data/`): we send the vendor no id of ours, so number, product, amount and
 * time are all there is. Never a guess: two candidates, or one without a time, are left to staff.
 */

/** Django REST framework's list: an array, or a page of one (`results`, with `next` when there is more). */
const page = z.looseObject({ results: z.array(z.unknown()), next: z.unknown().optional() });

function itemsOf(json: unknown): { items: unknown[]; complete: boolean } | undefined {
  if (Array.isArray(json)) return { items: json, complete: true };
  const parsed = page.safeParse(json);
  if (!parsed.success) return undefined;
  return {
    items: parsed.data.results,
    complete: parsed.data.next === undefined || parsed.data.next === null,
  };
}

export interface LostPurchase {
  order: ProviderOrder;
  sentAt: Date;
  /** How long after sending its record may have been made (our time limit, and the clocks' drift). */
  withinMs: number;
}

export function findInList(reply: OutsideReply, lost: LostPurchase, label: string): ProviderResult {
  const list = reply.isJson && reply.httpStatus === 200 ? itemsOf(reply.json) : undefined;
  if (!list) {
    const words = reply.isJson ? (wordsOf(reply.json) ?? "") : "a body that is not JSON";
    const note = `${label}: the list of recent purchases answered HTTP ${reply.httpStatus} ${words}`.trim();
    return reply.httpStatus === 401
      ? { status: "pending", note, alert: "account" }
      : { status: "pending", note };
  }
  const from = lost.sentAt.getTime();
  const until = from + lost.withinMs;
  const records = list.items.flatMap((item) => {
    const parsed = msorgRecord.safeParse(item);
    return parsed.success && parsed.data.id !== undefined
      ? [parsed.data as MsorgRecord & { id: string }]
      : [];
  });
  const times = records.map(recordTime);
  const candidates = records.filter((record, i) => {
    const time = times[i]?.getTime();
    const inWindow = time === undefined || (time >= from && time <= until);
    return inWindow && misfitOf(record, lost.order) === undefined;
  });
  const [only] = candidates;
  if (only && candidates.length === 1 && recordTime(only))
    return classifyRecord(only, lost.order, label, only.id);
  if (only) {
    const ids = candidates.map((c) => c.id).join(", ");
    const why =
      candidates.length === 1 ? "may be this purchase, but says no time" : "may each be this purchase";
    return { status: "pending", note: `${label}: records ${ids} ${why}`, alert: "mismatch" };
  }
  // Our record would be newer than `sentAt`: a page that already reaches back before it has shown all.
  const reachesBack = list.complete || times.some((time) => time !== undefined && time.getTime() < from);
  if (!reachesBack)
    return {
      status: "pending",
      note: `${label}: the list of recent purchases does not reach back far enough`,
    };
  return { status: "pending", note: `${label}: no record of this purchase`, unknownRequest: true };
}
