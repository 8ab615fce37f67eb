import type { MsorgService } from "./msorgCatalogue";
import type { MsorgLedger } from "./msorgLedger";
import { recordBody } from "./msorgRecordBody";
import { jsonReply, type Reply } from "./msorgReplies";

const pageSize = 20;

/**
 * How `GET <service>/` answers: Django REST framework's pages of 20, as the MSORG script serves them
 * (the default); a plain array of the newest `count`, as a vendor whose list is not paged; or pages
 * that fail from `fromPage` on (HTTP 502 with the proxy's page).
 */
export type MsorgListing =
  | { kind: "pages" }
  | { kind: "newest"; count: number }
  | { kind: "broken"; fromPage: number };

/** Django REST framework's `replace_query_param`, and `remove_query_param` for page 1. */
function pageLink(url: URL, page: number): string {
  const link = new URL(url);
  if (page === 1) link.searchParams.delete("page");
  else link.searchParams.set("page", String(page));
  return link.toString();
}

/**
 * `GET <service>/`: the account's purchases of the service, newest first (`order_by("-create_date")`),
 * paged as PageNumberPagination does: `?page=N` (or `last`), absolute `next` and `previous` links, and
 * 404 "Invalid page." for a page that is not one.
 */
export function recentRecords(
  ledger: MsorgLedger,
  service: MsorgService,
  url: URL,
  listing: MsorgListing,
): Reply {
  const newestFirst = ledger
    .all()
    .filter((r) => r.service === service)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  if (listing.kind === "newest") return jsonReply(() => newestFirst.slice(0, listing.count).map(recordBody));
  const pages = Math.max(1, Math.ceil(newestFirst.length / pageSize));
  const asked = url.searchParams.get("page") ?? "1";
  const page = asked === "last" ? pages : /^\d+$/.test(asked) ? Number(asked) : 0;
  if (page < 1 || page > pages) return jsonReply(() => ({ detail: "Invalid page." }), 404);
  if (listing.kind === "broken" && page >= listing.fromPage) return { kind: "non-json" };
  const results = newestFirst.slice((page - 1) * pageSize, page * pageSize).map(recordBody);
  return jsonReply(() => ({
    count: newestFirst.length,
    next: page < pages ? pageLink(url, page + 1) : null,
    previous: page > 1 ? pageLink(url, page - 1) : null,
    results,
  }));
}
