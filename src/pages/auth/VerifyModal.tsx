import { useMachine } from "@xstate/react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { oneTimeCode } from "../../../schemas/common";
import { useAppServices } from "../../app/AppServices";
import { useGlobalLoading } from "../../components/globalLoading";
import { Modal } from "../../components/Modal";
import { TextField } from "../../components/TextField";
import { schemaResolver } from "../../forms/schemaResolver";
import { useVerifyEmailLogic } from "./useVerifyEmailLogic";

const codeForm = z.strictObject({ code: oneTimeCode });

/** Asks for the emailed code, offers a new one, and reports when the email is verified. */
export function VerifyModal({
  email,
  onVerified,
  onClose,
}: {
  email: string;
  onVerified: () => void;
  onClose: () => void;
}) {
  const { inspect } = useAppServices();
  const [snapshot, send] = useMachine(useVerifyEmailLogic(), { input: { email }, inspect });
  const form = useForm({ resolver: schemaResolver(codeForm), defaultValues: { code: "" } });
  const busy = snapshot.matches("verifying") || snapshot.matches("resending");
  useGlobalLoading(busy);

  useEffect(() => {
    if (snapshot.matches("verified")) onVerified();
  }, [snapshot, onVerified]);

  return (
    <Modal open title="Verify your email" onClose={onClose} initialFocus="input">
      <p>
        We sent a 6-digit code to <strong>{email}</strong>. It expires in 10 minutes.
      </p>
      <form noValidate onSubmit={form.handleSubmit(({ code }) => send({ type: "code.submit", code }))}>
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.code?.message}
          {...form.register("code")}
        />
        {snapshot.context.error && (
          <p className="field-error" role="alert">
            {snapshot.context.error}
          </p>
        )}
        <div className="modal-actions" style={{ justifyContent: "space-between", alignItems: "center" }}>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => send({ type: "code.resend" })}
          >
            {snapshot.matches("resending") ? "Sending…" : "Resend code"}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {snapshot.matches("verifying") ? "Verifying…" : "Verify"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
