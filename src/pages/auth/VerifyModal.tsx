import { useMachine } from "@xstate/react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { oneTimeCode } from "../../../schemas/common";
import { useAppServices } from "../../app/AppServices";
import { useGlobalLoading } from "../../components/globalLoading";
import { Modal } from "../../components/Modal";
import { fieldOf } from "../../forms/fieldOf";
import { CodeField } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { signUpTickets } from "../../storage/signUpTickets";
import { useVerifyEmailLogic } from "./useVerifyEmailLogic";

const codeForm = z.strictObject({ code: oneTimeCode });

/** Asks for the emailed code, offers a new one, and reports when the email is verified. */
export function VerifyModal({
  email,
  ticket,
  onVerified,
  onClose,
}: {
  email: string;
  /** The sign-up's ticket a sign-in was answered with; after sign-up on this page it is kept already. */
  ticket?: string | null;
  onVerified: () => void;
  onClose: () => void;
}) {
  const { inspect } = useAppServices();
  // Before the machine starts: the code is sent with the ticket kept for this email.
  useState(() => ticket && signUpTickets.remember(email, ticket));
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
        <CodeField label="Verification code" maxLength={6} {...fieldOf(form, "code")} />
        {snapshot.context.error && (
          // Spec section 8 titles a code verification failure "An error occurred"; said here, once.
          <p className="field-error" role="alert">
            <strong>An error occurred.</strong> {snapshot.context.error}
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

/**
 * Kept in this module, which sign-in fetches only when it needs one of the two: the second proof an
 * account asks for after many wrong passwords were tried on it: the code mailed
 * to its owner when the right password is given. Sent with the password the page still holds.
 */
export function SignInCodeModal({
  email,
  busy,
  refusal,
  onSubmit,
  onClose,
}: {
  email: string;
  busy: boolean;
  /** Why the server refused the code last sent: said under the code, the one place it shows. */
  refusal: string | null;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal open title="Enter your sign-in code" onClose={onClose} initialFocus="input">
      <p>
        Many wrong passwords were tried on <strong>{email}</strong>, so signing in needs a code as well. If
        the password you entered is right, we have emailed a 6-digit code to that address.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = oneTimeCode.safeParse(code);
          setError(checked.success ? undefined : "Enter the 6 digits from the email.");
          if (checked.success) onSubmit(checked.data);
        }}
      >
        <CodeField
          label="Sign-in code"
          maxLength={6}
          value={code}
          error={error ?? (busy ? undefined : (refusal ?? undefined))}
          onChange={(event) => setCode(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
