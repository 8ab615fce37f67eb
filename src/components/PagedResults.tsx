import { type ReactNode, useId } from "react";
import type { Loaded } from "../app/useLoad";
import { LoadFailed } from "./LoadFailed";
import { Pager, pageCount } from "./Pager";

export interface PageOf<T> {
  count: number;
  page_size: number;
  results: T[];
}

/**
 * The results half of every paged list: loading, a failure with Try again, nothing found, a page past
 * the end (an old link), the rows, and the pager. While a new page or filter loads, the old rows stay
 * (dimmed by the `stale` the rows get) so the list does not blank out between clicks.
 */
export function PagedResults<P extends PageOf<unknown>>({
  title,
  showTitle = false,
  list,
  page,
  onPage,
  failed,
  none,
  summary,
  pagerLabel,
  children,
}: {
  /** The section's heading: hidden by default, as the page's h1 already says what the list is. */
  title: string;
  showTitle?: boolean;
  list: Loaded<P> & { retry: () => void };
  page: number;
  onPage: (page: number) => void;
  /** "We could not load the users." */
  failed: string;
  /** What an empty answer says, e.g. "No users match." and a way to clear the filters. */
  none: ReactNode;
  /** Above the rows: counts or totals of everything the filters match. */
  summary?: (data: P) => ReactNode;
  pagerLabel?: string;
  children: (rows: P["results"], stale: boolean) => ReactNode;
}) {
  const headingId = useId();
  const data = list.state === "failed" ? undefined : list.data;
  return (
    <section className="card" aria-labelledby={headingId} aria-busy={list.state === "loading"}>
      <h2 id={headingId} className={showTitle ? undefined : "sr-only"}>
        {title}
      </h2>
      {data && summary?.(data)}
      {list.state === "loading" && !data && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {list.state === "failed" && <LoadFailed message={failed} retry={list.retry} />}
      {data && data.count === 0 && <div className="empty-state">{none}</div>}
      {data && data.count > 0 && data.results.length === 0 && (
        <div className="empty-state">
          <p>There is no page {page}.</p>
          <button type="button" className="button secondary" onClick={() => onPage(1)}>
            Go to page 1
          </button>
        </div>
      )}
      {data && data.results.length > 0 && children(data.results, list.state === "loading")}
      {data && (data.count > 0 || page > 1) && (
        <Pager
          page={page}
          pages={pageCount(data)}
          onPage={onPage}
          {...(pagerLabel && { label: pagerLabel })}
        />
      )}
    </section>
  );
}
