import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { z } from "zod/mini";
import { newPassword } from "../../../schemas/auth";
import { useAppServices } from "../../app/AppServices";
import { usePageTitle } from "../../app/usePageTitle";
import { useGlobalLoading } from "../../components/globalLoading";
import { SecretField } from "../../components/TextField";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { useLinkFragment } from "./linkFragment";

const passwordForm = z.strictObject({ new_password: newPassword });
type PasswordForm = z.input<typeof passwordForm>;

/**
 * A password-reset or invitation link: 256 random bits in its fragment, so it works however many
 * wrong codes strangers tried for the email (the code's count does not touch it).
 */
export function ResetPasswordPage() {
  const { accounts } = useAppServices();
  const link = useLinkFragment();
  const token = link.get("token") ?? "";
  const invited = link.get("invited") === "1";
  const [, navigate] = useLocation();
  const form = useForm<PasswordForm, unknown, z.output<typeof passwordForm>>({
    resolver: schemaResolver(passwordForm),
    defaultValues: { new_password: "" },
  });
  useGlobalLoading(form.formState.isSubmitting);
  const title = invited ? "Choose your password" : "Choose a new password";
  usePageTitle(title);

  const save = form.handleSubmit(async (values) => {
    try {
      await accounts.confirmPasswordReset({ token, ...values });
      navigate(invited ? "~/admin/login" : "/login");
    } catch (error) {
      showServerFieldErrors(error, form.setError, ["new_password"]);
    }
  });

  if (!token) {
    return (
      <>
        <h1>{title}</h1>
        <p role="alert">This link is incomplete. Open it from the email again, or ask for a new one.</p>
        <p className="auth-switch">
          <Link href="/forgot-password">Forgot password?</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1>{title}</h1>
      <p>
        {invited
          ? "Welcome to the OjaPay console. Choose the password you will sign in with."
          : "Choose the password you will sign in with from now on. Every device signed in to your account will be signed out."}
      </p>
      <form noValidate onSubmit={save}>
        <SecretField
          label="New password"
          autoComplete="new-password"
          hint="At least 10 characters; not a common password, your email or your name."
          error={form.formState.errors.new_password?.message}
          {...form.register("new_password")}
        />
        <button
          type="submit"
          className="button"
          style={{ width: "100%" }}
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? "Saving…" : "Set password"}
        </button>
      </form>
      <p className="auth-switch">
        Link expired? <Link href="/forgot-password">Ask for a new one</Link>
      </p>
    </>
  );
}
