import type { OutsideClient } from "../outsideHttp";
import type { ProviderResult } from "../provider";
import {
  type ListingCut,
  type ListingPage,
  type LostPurchase,
  listingPageOf,
  lostPurchaseVerdict,
  sightingOf,
  sightingSettled,
  unreadableAnswer,
  type VendorRecord,
} from "./msorgListing";

/**
 * Reads the vendor's list of recent purchases page by page, newest first, until it settles whether a
 * purchase whose answer was lost is there (msorgListing.ts judges): after a burst the purchase is
 * pages back. Bounded, so one requery cannot read without end: a list cut short says so and stays
 * pending, never "no record".
 */

/** The most pages one requery reads: 200 records, at the vendors' 20 a page. */
export const maxListingPages = 10;
/** The whole walk takes at most this share of one call's time limit, so it ends before any caller's. */
const timeShare = 0.75;

export interface LostPurchaseSearch {
  http: Pick<OutsideClient, "get">;
  /** The service's path: `data/`. */
  path: string;
  lost: LostPurchase;
  label: string;
  /** One call's time limit (`PROVIDER_TIMEOUT_MS`). */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** How to ask for the page after page `number`, or that it was the last, or why it cannot be asked. */
type Next = { kind: "last" } | { kind: "page"; query: string } | { kind: "cut"; cut: ListingCut };

function nextOf(page: ListingPage, number: number, seen: number): Next {
  if (page.plain)
    // Such a list is the newest records (the MSORG script's own histories are `[:10]`): an empty one hides none.
    return page.records.length === 0
      ? { kind: "last" }
      : { kind: "cut", cut: { why: "the vendor lists its newest purchases without pages", lasting: true } };
  if (page.next === null) return { kind: "last" };
  if (typeof page.next === "string") {
    // Only the link's query is taken, asked at our own host and path: the token never goes where the
    // link says (another host, or http: Django behind a proxy often writes http links).
    const query = URL.canParse(page.next, "https://vendor.invalid/")
      ? new URL(page.next, "https://vendor.invalid/").search
      : "";
    return query
      ? { kind: "page", query }
      : { kind: "cut", cut: { why: `page ${number}'s next link is not a page of the list`, lasting: true } };
  }
  if (page.count !== undefined)
    return seen >= page.count ? { kind: "last" } : { kind: "page", query: `?page=${number + 1}` };
  return { kind: "cut", cut: { why: `page ${number} says nothing of a next page`, lasting: true } };
}

export async function findLostPurchase(search: LostPurchaseSearch): Promise<ProviderResult> {
  const { http, path, lost, label } = search;
  const budgetMs = Math.floor(search.timeoutMs * timeShare);
  const budget = AbortSignal.timeout(budgetMs);
  const signal = search.signal ? AbortSignal.any([budget, search.signal]) : budget;
  const outOfTime = (read: number): ListingCut =>
    budget.aborted
      ? { why: `read ${read} pages in the ${budgetMs / 1000} s a requery may take`, lasting: true }
      : { why: `the requery was called off after ${read} pages`, lasting: false };
  // Each record once, where first read: a purchase made meanwhile pushes the list on by one.
  const seen = new Map<string, VendorRecord>();
  const asked = new Set<string>();
  const verdict = (cut: ListingCut | null) =>
    lostPurchaseVerdict(sightingOf([...seen.values()], lost), lost, label, cut);

  let query = "";
  for (let number = 1; ; number++) {
    asked.add(query);
    let reply: Awaited<ReturnType<typeof http.get>>;
    try {
      reply = await http.get(`${path}${query}`, signal);
    } catch (error) {
      // Nothing read yet: unanswered, as any call is (askProvider). Later, what was read is told.
      if (number === 1) throw error;
      if (signal.aborted) return verdict(outOfTime(number - 1));
      const said = error instanceof Error ? error.message : String(error);
      return verdict({ why: `page ${number} could not be read (${said})`, lasting: false });
    }
    const page = listingPageOf(reply);
    if (!page && number === 1) {
      const note = `${label}: the list of recent purchases ${unreadableAnswer(reply)}`;
      return reply.httpStatus === 401
        ? { status: "pending", note, alert: "account" }
        : { status: "pending", note };
    }
    if (!page) return verdict({ why: `page ${number} ${unreadableAnswer(reply)}`, lasting: false });
    for (const record of page.records) seen.set(record.id, record);
    const next = nextOf(page, number, seen.size);
    if (next.kind === "last" || sightingSettled(sightingOf([...seen.values()], lost))) return verdict(null);
    if (next.kind === "cut") return verdict(next.cut);
    if (number >= maxListingPages)
      return verdict({ why: `read ${number} pages, the most one requery reads`, lasting: true });
    if (asked.has(next.query))
      return verdict({ why: `page ${number} names a page already read as the next`, lasting: true });
    if (signal.aborted) return verdict(outOfTime(number));
    query = next.query;
  }
}
