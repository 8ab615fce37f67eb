import { lazy, Suspense, useCallback } from "react";
import { Link, Redirect, useSearchParams } from "wouter";
import type { Area } from "../../../machines/sessionMachine";
import { loginBody } from "../../../schemas/auth";
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

const copy = {
  customer: { title: "Sign in", button: "Sign in" },
  admin: { title: "Staff sign in", button: "Sign in to the console" },
} as const;

export function LoginPage({ area }: { area: Area }) {
  const session = useSession();
  const [search] = useSearchParams();
  // Two fields: checked by the shared schema without react-hook-form, so signing in downloads less.
  const form = useTextForm(loginBody, { email: search.get("email") ?? "", password: "" });
  const busy = session.status === "signingIn" || session.status === "restoring";
  useGlobalLoading(session.status === "signingIn");

  usePageTitle(copy[area].title);

  const signIn = form.handleSubmit((values) => session.send({ type: "session.signIn", ...values, area }));
  const verified = useCallback(
    () => session.send({ type: "verification.complete", ...form.getValues(), area }),
    [session.send, form, area],
  );
  const cancelVerification = useCallback(() => session.send({ type: "verification.cancel" }), [session.send]);

  if (session.status === "signedIn" && session.profile)
    return <Redirect to={`~${homeFor(session.profile)}`} replace />;

  return (
    <>
      <h1>{copy[area].title}</h1>
      {session.ended === "expired" && (
        <p className="auth-note" role="status">
          Your session has expired. Kindly sign-in again.
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
          {session.status === "signingIn" ? "Signing in…" : copy[area].button}
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
      {session.status === "awaitingVerification" && session.unverifiedEmail && (
        <Suspense fallback={null}>
          <VerifyModal email={session.unverifiedEmail} onVerified={verified} onClose={cancelVerification} />
        </Suspense>
      )}
    </>
  );
}
