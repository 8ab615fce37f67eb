import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "wouter";
import { z } from "zod/mini";
import { newPassword } from "../../../schemas/auth";
import { oneTimeCode } from "../../../schemas/common";
import { passwordResetBody } from "../../../schemas/signedOut";
import { usePageTitle } from "../../app/usePageTitle";
import { useSignedOutApi } from "../../app/useSignedOutApi";
import { useGlobalLoading } from "../../components/globalLoading";
import { fieldOf } from "../../forms/fieldOf";
import { CodeField, EmailField, NewPasswordField, SubmitButton } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

const newPasswordForm = z.strictObject({ code: oneTimeCode, new_password: newPassword });
type NewPasswordForm = z.input<typeof newPasswordForm>;

/**
 * Forgot password: the email, then the emailed 6-digit code with a new password, for typing on this
 * device what was mailed to another (the mail's link opens ResetPasswordPage instead). The server
 * answers the first step alike for every email, so this page never learns whether an account exists.
 */
export function ForgotPasswordPage() {
  const signedOut = useSignedOutApi();
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState<string | null>(null);
  const emailForm = useForm({
    resolver: schemaResolver(passwordResetBody),
    defaultValues: { email: search.get("email") ?? "" },
  });
  const codeForm = useForm<NewPasswordForm, unknown, z.output<typeof newPasswordForm>>({
    resolver: schemaResolver(newPasswordForm),
    defaultValues: { code: "", new_password: "" },
  });
  const [resending, setResending] = useState(false);
  useGlobalLoading(emailForm.formState.isSubmitting || codeForm.formState.isSubmitting || resending);
  usePageTitle("Forgot password");

  const askForCode = emailForm.handleSubmit(async (values) => {
    try {
      await signedOut.requestPasswordReset(values.email);
      setEmail(values.email);
    } catch (error) {
      showServerFieldErrors(error, emailForm.setError, ["email"]);
    }
  });

  const resend = async () => {
    if (!email) return;
    setResending(true);
    try {
      await signedOut.requestPasswordReset(email);
    } catch {
      // the notice already says what went wrong
    } finally {
      setResending(false);
    }
  };

  const setPassword = codeForm.handleSubmit(async (values) => {
    if (!email) return;
    try {
      await signedOut.confirmPasswordReset({ email, ...values });
      navigate(`/login?email=${encodeURIComponent(email)}`);
    } catch (error) {
      showServerFieldErrors(error, codeForm.setError, ["code", "new_password"]);
    }
  });

  if (!email) {
    return (
      <>
        <h1>Forgot password</h1>
        <p>
          Enter the email you signed up with. We will send it a link for choosing a new password, and a
          6-digit code for typing here instead.
        </p>
        <form noValidate onSubmit={askForCode}>
          <EmailField {...fieldOf(emailForm, "email")} />
          <SubmitButton wide busy={emailForm.formState.isSubmitting} label="Send code" busyLabel="Sending…" />
        </form>
        <p className="auth-switch">
          Remembered it? <Link href="/login">Sign in</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>Choose a new password</h1>
      <p>
        If an account uses <strong>{email}</strong>, we sent it a link and a 6-digit code. Open the link, or
        type the code here. Setting a new password signs you out everywhere.
      </p>
      <form noValidate onSubmit={setPassword}>
        <CodeField label="Code (OTP)" {...fieldOf(codeForm, "code")} />
        <NewPasswordField {...fieldOf(codeForm, "new_password")} />
        <SubmitButton
          wide
          busy={codeForm.formState.isSubmitting}
          label="Set new password"
          busyLabel="Saving…"
        />
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
