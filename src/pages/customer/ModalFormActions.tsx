import type { ReactNode } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { ApiFailure } from "../../api/client";
import { FormRefusal, SubmitButton } from "../../forms/formControls";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

/**
 * The end of a modal's form: the server's refusal, if any, then Cancel and the submit button, both
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
      <FormRefusal refusal={refusal} />
      <div className="modal-actions">
        <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
      </div>
    </>
  );
}

/**
 * As showServerFieldErrors, then hands `say` the server's msg for ModalFormActions to show, unless it
 * only repeats what a field shows already (a 400's msg is its first field message): the customer
 * does not read the same sentence twice.
 */
export function showServerRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
  say: (refusal: string) => void,
) {
  showServerFieldErrors(error, setError, known);
  if (!(error instanceof ApiFailure) || known.some((f) => error.fields?.[f]?.[0] === error.msg)) return;
  error.showOnScreen();
  say(error.msg);
}
