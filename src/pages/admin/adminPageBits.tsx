import type { Ref } from "react";
import { type TextareaHTMLAttributes, useEffect, useId, useRef } from "react";
import type { Role } from "../../../schemas/common";
import { formatDate } from "../../format/formatDate";
import "../../components/fields.css";

// formatDate gives the day in Lagos; the time beside it must be Lagos time too, or a purchase made
// at 11:30 pm UTC would show the next day's date beside the previous day's clock.
const lagosTime = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

/** "Jan 5, 2026, 3:04 PM", in Lagos. */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)}, ${lagosTime.format(new Date(iso))}`;
}

export const roleLabels: Record<Role, string> = { customer: "Customer", staff: "Staff", admin: "Admin" };

/** Active or Inactive, in words (colour alone would not tell everyone). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`state-badge ${active ? "state-on" : "state-off"}`}>
      {active ? "Active" : "Inactive"}
    </span>
  );
}

export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** A page number from the address; anything odd (0, "abc", 1e9) is page 1 rather than an error. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** A search term from the address, trimmed and capped like the server's query schemas. */
export function searchFrom(params: URLSearchParams): string | undefined {
  return params.get("search")?.trim().slice(0, 100) || undefined;
}

/** Sets the document title once per title, in the app's "<title> · OjaPay" form. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · OjaPay`;
  }, [title]);
}

/**
 * Previous / "Page X of Y" / Next. The page count comes from the answer's own page_size, so the pager
 * stays right if the server's default page size ever changes.
 */
export function Pager({
  page,
  count,
  pageSize,
  onPage,
}: {
  page: number;
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / Math.max(1, pageSize)));
  return (
    <nav className="pager" aria-label="Pages">
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

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** TextField's twin for longer text (a refund or funding reason), with the same label, hint and error wiring. */
export function TextAreaField({ label, error, hint, id, ref, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy =
    [hint && `${fieldId}-hint`, error && `${fieldId}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {hint && (
        <p className="field-hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${fieldId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A guard for a money-moving or once-only button. A double click lands both clicks before React can
 * redraw the button as disabled, so the disabled attribute alone would let the second through.
 */
export function useOnce() {
  const busy = useRef(false);
  return async function once<T>(action: () => Promise<T>): Promise<T | undefined> {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await action();
    } finally {
      busy.current = false;
    }
  };
}
