import { useState } from "react";
import { Link } from "wouter";
import { useAppServices } from "../../app/AppServices";
import { usePageTitle } from "../../app/usePageTitle";
import { useGlobalLoading } from "../../components/globalLoading";
import { SecretField } from "../../components/TextField";
import { signUpTickets } from "../../storage/signUpTickets";
import { useLinkFragment } from "./linkFragment";

type Step = "ready" | "sending" | "done";

/**
 * The sign-up mail's link: confirms the email without typing the code. The link alone is not enough:
 * the sign-up must be one whose password this browser proved (it signed up here, or gives the
 * password now), so a link from a stranger's sign-up with this email cannot make the stranger's account.
 */
export function VerifyEmailPage() {
  const { accounts } = useAppServices();
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
        const proved = await accounts.proveSignUp(email, password);
        if (proved === "account") {
          setStep("done");
          return;
        }
        setHasTicket(true);
      }
      await accounts.verifyLink(email, token);
      setStep("done");
    } catch (error) {
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
            <SecretField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <button
          type="submit"
          className="button"
          style={{ width: "100%" }}
          disabled={step === "sending" || (!hasTicket && password === "")}
        >
          {step === "sending" ? "Confirming…" : "Confirm my email"}
        </button>
      </form>
      <p className="auth-switch">
        Not you? <Link href="/register">Sign up with your own details</Link>
      </p>
    </>
  );
}
