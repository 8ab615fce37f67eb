import { lazy, Suspense, useCallback, useLayoutEffect } from "react";
import { Link, Redirect, useSearchParams } from "wouter";
import type { Area } from "../../../machines/sessionMachine";
import { loginBody } from "../../../schemas/auth";
import { sessionExpiredMessage } from "../../../schemas/sessionExpiry";
import { useHydrated } from "../../app/useHydrated";
import { usePageTitle } from "../../app/usePageTitle";
import { useGlobalLoading } from "../../components/globalLoading";
import { withTimeout } from "../../components/lazyPage";
import { SecretField, TextField } from "../../components/TextField";
import { homeFor, useSession } from "../../session/useSession";
import { useTextForm } from "./useTextForm";

// Needed only when the password was right but the email is not verified yet; it brings react-hook-form.
const VerifyModal = lazy(
  withTimeout(() => import("./VerifyModal").then((m) => ({ default: m.VerifyModal }))),
);

// Needed only for an account under attack, which asks for a mailed code as well as the password.
const SignInCodeModal = lazy(
  withTimeout(() => import("./VerifyModal").then((m) => ({ default: m.SignInCodeModal }))),
);

const copy = {
  customer: { title: "Sign in", button: "Sign in" },
  admin: { title: "Staff sign in", button: "Sign in to the console" },
} as const;

/** The customer sign-in's title, which the prerendered page's <title> carries too (src/prerender.tsx). */
export const loginTitle = copy.customer.title;

export function LoginPage({ area }: { area: Area }) {
  const session = useSession();
  // The page is prerendered as the session stands before it is read ("restoring"), and taken over
  // in that state; the saved session shows from the draw after (a signed-in visitor is sent on then).
  const status = useHydrated() ? session.status : "restoring";
  const [search] = useSearchParams();
  // Two fields: checked by the shared schema without react-hook-form, so signing in downloads less.
  const form = useTextForm(loginBody, { email: "", password: "" });
  // A link may carry the email (?email=, after sign-up or a password reset). The page is prerendered
  // without a query and hydrated, so its first draw must not depend on one: the email is filled in
  // just after, before the browser paints, unless one was typed already.
  const linkedEmail = search.get("email");
  const { fill, getValues } = form;
  useLayoutEffect(() => {
    if (linkedEmail && !getValues().email) fill("email", linkedEmail);
  }, [linkedEmail, fill, getValues]);
  // Also while the saved session is read, which is how the prerendered HTML draws the page: its
  // button is disabled until the script has taken over, so nothing can send the form natively (a
  // GET that would put the password in the address).
  const busy = status === "signingIn" || status === "restoring";
  useGlobalLoading(status === "signingIn");

  usePageTitle(copy[area].title);

  const signIn = form.handleSubmit((values) => session.send({ type: "session.signIn", ...values, area }));
  const verified = useCallback(
    () => session.send({ type: "verification.complete", ...getValues(), area }),
    [session.send, getValues, area],
  );
  const cancelVerification = useCallback(() => session.send({ type: "verification.cancel" }), [session.send]);
  const askingCode =
    session.signInCodeFor !== null && (status === "awaitingSignInCode" || status === "signingIn");

  if (status === "signedIn" && session.profile)
    return <Redirect to={`~${homeFor(session.profile)}`} replace />;

  return (
    <>
      <h1>{copy[area].title}</h1>
      {session.ended === "expired" && (
        <p className="auth-note" role="status">
          {sessionExpiredMessage}
        </p>
      )}
      <form noValidate onSubmit={signIn}>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={form.errors.email}
          {...form.field("email")}
        />
        <SecretField
          label="Password"
          autoComplete="current-password"
          error={form.errors.password}
          {...form.field("password")}
        />
        <button type="submit" className="button" style={{ width: "100%" }} disabled={busy}>
          {status === "signingIn" ? "Signing in…" : copy[area].button}
        </button>
      </form>
      <p className="auth-switch">
        <Link href="~/auth/forgot-password">Forgot password?</Link>
      </p>
      {area === "customer" ? (
        <p className="auth-switch">
          New to OjaPay? <Link href="~/auth/register">Create an account</Link>
        </p>
      ) : (
        <p className="auth-switch">
          Not staff? <Link href="~/auth/login">Customer sign in</Link>
        </p>
      )}
      {askingCode && (
        <Suspense fallback={null}>
          <SignInCodeModal
            email={session.signInCodeFor ?? ""}
            busy={status === "signingIn"}
            refusal={session.signInCodeRefusal}
            onSubmit={(code) => session.send({ type: "session.signIn", ...getValues(), area, code })}
            onClose={() => session.send({ type: "signInCode.cancel" })}
          />
        </Suspense>
      )}
      {status === "awaitingVerification" && session.unverifiedEmail && (
        <Suspense fallback={null}>
          <VerifyModal
            email={session.unverifiedEmail}
            ticket={session.signUpTicket}
            onVerified={verified}
            onClose={cancelVerification}
          />
        </Suspense>
      )}
    </>
  );
}
