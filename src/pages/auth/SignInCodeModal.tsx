import { useState } from "react";
import { oneTimeCode } from "../../../schemas/common";
import { Modal } from "../../components/Modal";
import { TextField } from "../../components/TextField";

/**
 * The second proof an account asks for after many wrong passwords were tried on it: the code mailed
 * to its owner when the right password is given. Sent with the password the page still holds.
 */
export function SignInCodeModal({
  email,
  busy,
  onSubmit,
  onClose,
}: {
  email: string;
  busy: boolean;
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
        <TextField
          label="Sign-in code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={error}
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
