import { useEffect } from "react";
import { formatDate } from "../../format/formatDate";

/** "<title> · OjaPay", as every page of the app names its tab. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · OjaPay`;
  }, [title]);
}

const counts = new Intl.NumberFormat("en-NG");
/** 12345 → "12,345". */
export const formatCount = (n: number) => counts.format(n);

const lagosTime = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});
/** "Jan 5, 2026, 3:04 PM", in Nigerian time like every date the app shows. */
export const formatDateTime = (iso: string) => `${formatDate(iso)}, ${lagosTime.format(new Date(iso))}`;

/** A page number from the address; anything else (missing, "abc", 0) is page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export const pageCount = (data: { count: number; page_size: number }) =>
  Math.max(1, Math.ceil(data.count / data.page_size));

export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="load-failed">
      <p>{message}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

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
