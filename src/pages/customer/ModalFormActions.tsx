import type { ReactNode } from "react";

/**
 * The end of a profile modal's form: the server's refusal, if any, then Cancel and the submit button, both
 * held while the form sends.
 */
export function ModalFormActions({
  refusal,
  busy,
  onCancel,
  label,
  busyLabel,
}: {
  refusal: ReactNode;
  busy: boolean;
  onCancel: () => void;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
