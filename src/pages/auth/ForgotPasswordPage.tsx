import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "wouter";
import { z } from "zod/mini";
import { passwordResetBody, passwordResetConfirmBody } from "../../../schemas/auth";
import { useAppServices } from "../../app/AppServices";
import { usePageTitle } from "../../app/usePageTitle";
import { useGlobalLoading } from "../../components/globalLoading";
import { SecretField, TextField } from "../../components/TextField";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

const newPasswordForm = z.omit(passwordResetConfirmBody, { email: true });
type NewPasswordForm = z.input<typeof newPasswordForm>;

/**
 * Forgot password: the email, then the emailed 6-digit code with a new password. The server answers the
 * first step alike for every email, so this page never learns whether an account exists either.
 */
export function ForgotPasswordPage() {
  const { accounts } = useAppServices();
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  // An invitation's link carries the email and the code: straight to choosing the password.
  // Read once, on arrival: an invitation link opens straight at choosing the password.
  const [linked] = useState(() => {
    const email = search.get("email");
    const code = search.get("code");
    return email && code && /^\d{6}$/.test(code) ? { email, code } : null;
  });
  const [email, setEmail] = useState<string | null>(linked?.email ?? null);
  const emailForm = useForm({
    resolver: schemaResolver(passwordResetBody),
    defaultValues: { email: search.get("email") ?? "" },
  });
  const codeForm = useForm<NewPasswordForm, unknown, z.output<typeof newPasswordForm>>({
    resolver: schemaResolver(newPasswordForm),
    defaultValues: { code: linked?.code ?? "", new_password: "" },
  });
  const [resending, setResending] = useState(false);
  useGlobalLoading(emailForm.formState.isSubmitting || codeForm.formState.isSubmitting || resending);
  usePageTitle(linked ? "Choose your password" : "Forgot password");

  const askForCode = emailForm.handleSubmit(async (values) => {
    try {
      await accounts.requestPasswordReset(values.email);
      setEmail(values.email);
    } catch (error) {
      showServerFieldErrors(error, emailForm.setError, ["email"]);
    }
  });

  const resend = async () => {
    if (!email) return;
    setResending(true);
    try {
      await accounts.requestPasswordReset(email);
    } catch {
      // the notice already says what went wrong
    } finally {
      setResending(false);
    }
  };

  const setPassword = codeForm.handleSubmit(async (values) => {
    if (!email) return;
    try {
      await accounts.confirmPasswordReset({ email, ...values });
      navigate(`/login?email=${encodeURIComponent(email)}`);
    } catch (error) {
      showServerFieldErrors(error, codeForm.setError, ["code", "new_password"]);
    }
  });

  if (!email) {
    return (
      <>
        <h1>Forgot password</h1>
        <p>Enter the email you signed up with. We will send it a 6-digit code for choosing a new password.</p>
        <form noValidate onSubmit={askForCode}>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            error={emailForm.formState.errors.email?.message}
            {...emailForm.register("email")}
          />
          <button
            type="submit"
            className="button"
            style={{ width: "100%" }}
            disabled={emailForm.formState.isSubmitting}
          >
            {emailForm.formState.isSubmitting ? "Sending…" : "Send code"}
          </button>
        </form>
        <p className="auth-switch">
          Remembered it? <Link href="/login">Sign in</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>{linked ? "Choose your password" : "Choose a new password"}</h1>
      {linked ? (
        <p>
          For <strong>{email}</strong>. The code from your email is filled in.
        </p>
      ) : (
        <p>
          If an account uses <strong>{email}</strong>, we sent it a 6-digit code. Setting a new password signs
          you out everywhere.
        </p>
      )}
      <form noValidate onSubmit={setPassword}>
        <TextField
          label="Code (OTP)"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={codeForm.formState.errors.code?.message}
          {...codeForm.register("code")}
        />
        <SecretField
          label="New password"
          autoComplete="new-password"
          hint="At least 10 characters; not a common password, your email or your name."
          error={codeForm.formState.errors.new_password?.message}
          {...codeForm.register("new_password")}
        />
        <button
          type="submit"
          className="button"
          style={{ width: "100%" }}
          disabled={codeForm.formState.isSubmitting}
        >
          {codeForm.formState.isSubmitting ? "Saving…" : "Set new password"}
        </button>
      </form>
      <p className="auth-switch">
        No code?{" "}
        <button type="button" className="link-button" onClick={resend} disabled={resending}>
          {resending ? "Sending…" : "Send a new code"}
        </button>
      </p>
    </>
  );
}
