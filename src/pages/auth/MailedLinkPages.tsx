import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { z } from "zod/mini";
import { newPassword } from "../../../schemas/auth";
import { showOnScreen } from "../../api/client";
import { usePageTitle } from "../../app/usePageTitle";
import { useSignedOutApi } from "../../app/useSignedOutApi";
import { useGlobalLoading } from "../../components/globalLoading";
import { fieldOf } from "../../forms/fieldOf";
import { CurrentPasswordField, FormRefusal, NewPasswordField, SubmitButton } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { signUpTickets } from "../../storage/signUpTickets";

// The pages a mailed link opens, in one module: a visitor opens one or the other, and sign-in's own
// download stays a file shorter.

/**
 * What a mailed link carries after its `#` (the token, the email): read once as the page opens. The
 * fragment never reaches a server or its logs; it is then taken out of the address bar too, so the
 * token does not linger in the history or show in a screenshot.
 */
function useLinkFragment(): URLSearchParams {
  const [params] = useState(() => new URLSearchParams(window.location.hash.slice(1)));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);
  return params;
}

const passwordForm = z.strictObject({ new_password: newPassword });
type PasswordForm = z.input<typeof passwordForm>;

/**
 * A password-reset or invitation link: 256 random bits in its fragment, so it works however many
 * wrong codes strangers tried for the email (the code's count does not touch it).
 */
export function ResetPasswordPage() {
  const signedOut = useSignedOutApi();
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
      await signedOut.confirmPasswordReset({ token, ...values });
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
        <NewPasswordField {...fieldOf(form, "new_password")} />
        <SubmitButton wide busy={form.formState.isSubmitting} label="Set password" busyLabel="Saving…" />
      </form>
      <p className="auth-switch">
        Link expired? <Link href="/forgot-password">Ask for a new one</Link>
      </p>
    </>
  );
}

type Step = "ready" | "sending" | "done";

/**
 * The sign-up mail's link: confirms the email without typing the code. The link alone is not enough:
 * the sign-up must be one whose password this browser proved (it signed up here, or gives the
 * password now), so a link from a stranger's sign-up with this email cannot make the stranger's account.
 */
export function VerifyEmailPage() {
  const signedOut = useSignedOutApi();
  const link = useLinkFragment();
  const token = link.get("token") ?? "";
  const email = link.get("email") ?? "";
  const [hasTicket, setHasTicket] = useState(() => signUpTickets.for(email) !== "");
  const [password, setPassword] = useState("");
  const [step, setStep] = useState<Step>("ready");
  const [problem, setProblem] = useState<string | null>(null);
  useGlobalLoading(step === "sending");
  usePageTitle("Confirm your email");

  if (!token || !email) {
    return (
      <>
        <h1>Confirm your email</h1>
        <p role="alert">This link is incomplete. Open it from the email again, or sign up again.</p>
        <p className="auth-switch">
          <Link href="/register">Create an account</Link>
        </p>
      </>
    );
  }

  const confirm = async () => {
    setStep("sending");
    setProblem(null);
    try {
      if (!hasTicket) {
        const proved = await signedOut.proveSignUp(email, password);
        if (proved === "account") {
          setStep("done");
          return;
        }
        setHasTicket(true);
      }
      await signedOut.verifyLink(email, token);
      setStep("done");
    } catch (error) {
      showOnScreen(error);
      setProblem(error instanceof Error ? error.message : "That did not work. Please try again.");
      setStep("ready");
    }
  };

  if (step === "done") {
    return (
      <>
        <h1>Your email is confirmed</h1>
        <p>Your OjaPay account and wallet are ready. Sign in to fund your wallet and start buying.</p>
        <Link href={`/login?email=${encodeURIComponent(email)}`} className="button" style={{ width: "100%" }}>
          Sign in
        </Link>
      </>
    );
  }

  return (
    <>
      <h1>Confirm your email</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        {hasTicket ? (
          <p>
            Confirm the OjaPay account you signed up for on this device with <strong>{email}</strong>.
          </p>
        ) : (
          <>
            <p>
              To confirm <strong>{email}</strong>, enter the password you chose when you signed up. This
              proves the sign-up is yours, and not someone else's who used your email.
            </p>
            <CurrentPasswordField value={password} onChange={(event) => setPassword(event.target.value)} />
          </>
        )}
        <FormRefusal refusal={problem} />
        <SubmitButton
          wide
          busy={step === "sending"}
          disabled={!hasTicket && password === ""}
          label="Confirm my email"
          busyLabel="Confirming…"
        />
      </form>
      <p className="auth-switch">
        Not you? <Link href="/register">Sign up with your own details</Link>
      </p>
    </>
  );
}
