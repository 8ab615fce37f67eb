import "./pager.css";

/** How many pages a list answer spans, from the answer's own page_size, so a server change cannot skew it. */
export const pageCount = (data: { count: number; page_size: number }) =>
  Math.max(1, Math.ceil(data.count / Math.max(1, data.page_size)));

/** Previous / "Page X of Y" / Next. */
export function Pager({
  page,
  pages,
  onPage,
  label = "Pages",
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button secondary"
        disabled={page <= 1}
        // From a page past the end (an old link), Previous goes to the last page, not one before it.
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
