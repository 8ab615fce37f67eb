import { useForm } from "react-hook-form";
import type { PinResetInput } from "../../../machines/pinResetMachine";
import { Modal } from "../../components/Modal";
import { SecretField, TextField } from "../../components/TextField";
import { pinModalTitle } from "./pinModalTitle";

/**
 * The Transaction Pin Reset modal of spec section 2: code and new_pin with no format checks here (the
 * server checks them and its message is shown), the PIN masked with Show, Resend and Verify. The same
 * request sets a first PIN (`firstPin`), which the modal then calls what it is: no "reset", no "new".
 */
export function PinResetModal({
  firstPin,
  busy,
  resending,
  error,
  onConfirm,
  onResend,
  onClose,
}: {
  firstPin: boolean;
  busy: boolean;
  resending: boolean;
  error: string | null;
  onConfirm: (input: PinResetInput) => void;
  onResend: () => void;
  onClose: () => void;
}) {
  const form = useForm<PinResetInput>({ defaultValues: { code: "", new_pin: "" } });
  return (
    <Modal open title={pinModalTitle(firstPin)} onClose={onClose} initialFocus="input">
      <p>
        {firstPin
          ? "Enter the 6-digit code we emailed you and choose a 4-digit PIN: you type it to approve every purchase."
          : "Enter the 6-digit code we emailed you and choose a new 4-digit PIN."}
      </p>
      <form noValidate onSubmit={form.handleSubmit((values) => onConfirm(values))}>
        <TextField
          label="Code (OTP)"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.register("code")}
        />
        <SecretField
          label={firstPin ? "PIN" : "New PIN"}
          inputMode="numeric"
          autoComplete="off"
          {...form.register("new_pin")}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions" style={{ justifyContent: "space-between", alignItems: "center" }}>
          <button type="button" className="link-button" onClick={onResend} disabled={busy}>
            {resending ? "Sending…" : "Resend"}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy && !resending ? "Verifying…" : "Verify"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
