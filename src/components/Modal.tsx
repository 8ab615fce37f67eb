import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import "./modal.css";

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Where focus goes first; by default the first field or button. */
  initialFocus?: string;
}

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Escape closes it, the page behind is
 * inert, and focus returns where it was when it closes.
 */
export function Modal({ open, title, onClose, children, initialFocus }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const returnTo = document.activeElement as HTMLElement | null;
    const app = document.getElementById("root");
    app?.setAttribute("inert", "");
    // The first field or button of the content, not the × in the header that comes before it.
    const content = panel.current?.querySelector<HTMLElement>(".modal-content");
    const first = initialFocus ? panel.current?.querySelector<HTMLElement>(initialFocus) : null;
    const fallback = panel.current?.querySelector<HTMLElement>(focusable) ?? panel.current;
    (first ?? content?.querySelector<HTMLElement>(focusable) ?? fallback)?.focus();
    return () => {
      app?.removeAttribute("inert");
      returnTo?.focus?.();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
    if (items.length === 0) return event.preventDefault();
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => closeRef.current()}>
            ×
          </button>
        </div>
        <div className="modal-content">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
