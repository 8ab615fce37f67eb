import type { FormEvent, ReactNode } from "react";
import type { ConfirmAction } from "../app/useConfirmAction";
import { Modal } from "./Modal";
import "./confirmDialog.css";

/** What the dialog needs of a flow, whatever its draft and answer. */
type DialogFlow = Pick<
  ConfirmAction<unknown, unknown>,
  "state" | "sending" | "failure" | "dialogOpen" | "cancel" | "retry"
> & { confirm(): void };

export interface ConfirmDialogProps {
  /** The flow from useConfirmAction: whether the dialog shows, and what its buttons send. */
  flow: DialogFlow;
  title: string;
  /** What the confirm button says: "Add ₦2,500.00", "Deactivate". */
  confirmLabel: string;
  /** What it says while the request is out: "Adding…". */
  busyLabel: string;
  /** Words after the server's message when sending failed, e.g. whether trying again is safe. */
  failureMessage?: ReactNode;
  /** A red confirm button, for what cannot be undone. */
  danger?: boolean;
  /**
   * The dialog holds the draft's own fields (a reason): the confirm button submits them here, and
   * the handler sends `flow.confirm(draft)` once they are valid.
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The facts being confirmed, and any fields of the draft. */
  children: ReactNode;
}

/**
 * The one confirmation dialog of every confirm-then-send flow: the facts, Cancel and the confirm
 * button; while sending, both buttons disabled and the confirm button busy; after a failure, the
 * message and Try again (the same draft, with the same request id).
 */
export function ConfirmDialog({
  flow,
  title,
  confirmLabel,
  busyLabel,
  failureMessage,
  danger = false,
  onSubmit,
  children,
}: ConfirmDialogProps) {
  const { sending } = flow;
  const failed = flow.state === "failed";
  // Closing while the request is out would hide whether it worked; Escape waits for the answer.
  const close = () => !sending && flow.cancel();
  const confirm = () => (failed ? flow.retry() : flow.confirm());

  const body = (
    <>
      <div className="confirm-facts" aria-busy={sending}>
        {children}
      </div>
      {failed && (
        // The server's words, said here alone (the client does not toast a refusal the dialog shows),
        // then what the page adds, such as whether trying again is safe.
        <p className="field-error" role="alert">
          {flow.failure?.message}
          {failureMessage && <> {failureMessage}</>}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button secondary" disabled={sending} onClick={close}>
          Cancel
        </button>
        <button
          type={onSubmit ? "submit" : "button"}
          className={`button ${danger ? "danger" : ""}`}
          disabled={sending}
          onClick={onSubmit ? undefined : confirm}
        >
          {sending && <span className="confirm-spinner" aria-hidden="true" />}
          {sending ? busyLabel : failed ? "Try again" : confirmLabel}
        </button>
      </div>
    </>
  );

  return (
    <Modal open={flow.dialogOpen} title={title} onClose={close}>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit}>
          {body}
        </form>
      ) : (
        body
      )}
    </Modal>
  );
}
