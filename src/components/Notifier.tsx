import { useEffect } from "react";
import { type Notice, normaliseNotice, notifierDefaults } from "../notices/noticeRules";
import "./notifier.css";

export interface NotifierProps extends Notice {
  onClose: () => void;
  dismissText?: string;
  autoHideMs?: number;
}

/**
 * The Notifier of spec section 2: 400px at the top right, 30px from the top; closes from its Dismiss
 * link, its close button, or by itself after 5000 ms (overridable); an error icon unless it is a success.
 */
export function Notifier({
  onClose,
  dismissText = notifierDefaults.dismissText,
  autoHideMs = notifierDefaults.autoHideMs,
  ...notice
}: NotifierProps) {
  const shown = normaliseNotice(notice);
  useEffect(() => {
    if (!shown.status) return;
    const timer = setTimeout(onClose, autoHideMs);
    return () => clearTimeout(timer);
  }, [shown.status, autoHideMs, onClose]);
  if (!shown.status) return null;
  return (
    <div className={`notifier notifier-${shown.type}`} role={shown.type === "error" ? "alert" : "status"}>
      {shown.type !== "success" && (
        <svg
          className="notifier-icon"
          data-testid="notifier-error-icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M12 6v8M12 17.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      )}
      <div className="notifier-body">
        <p className="notifier-title">{shown.title}</p>
        <p className="notifier-message">{shown.message}</p>
        <button type="button" className="link-button" onClick={onClose}>
          {dismissText}
        </button>
      </div>
      <button type="button" className="notifier-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
