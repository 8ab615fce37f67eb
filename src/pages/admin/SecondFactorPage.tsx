import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { secondFactorBody } from "../../../schemas/auth";
import { useAppServices } from "../../app/AppServices";
import { usePageTitle } from "../../app/usePageTitle";
import { TextField } from "../../components/TextField";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { useSession } from "../../session/useSession";
import "./secondFactor.css";
import { fieldOf } from "../../forms/fieldOf";

type CodeForm = z.input<typeof secondFactorBody>;
type Setup = { secret: string; qr_svg: string };

/**
 * Between the password and the console: staff and admins set up an authenticator app on their first
 * sign-in (QR code, first code, recovery codes shown once), and type its code on every later one.
 */
export default function SecondFactorPage({ mode }: { mode: "setup" | "code" }) {
  const { accounts } = useAppServices();
  const session = useSession();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const form = useForm<CodeForm, unknown, z.output<typeof secondFactorBody>>({
    resolver: schemaResolver(secondFactorBody),
    defaultValues: { code: "" },
  });
  usePageTitle(mode === "setup" ? "Set up two-step sign-in" : "Two-step sign-in");
  const openConsole = () => session.send({ type: "profile.refresh" });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await accounts.totpSetup());
    } catch {
      // the toast says what went wrong
    } finally {
      setStarting(false);
    }
  };

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      if (mode === "setup") setRecovery((await accounts.totpConfirm(code)).recovery_codes);
      else {
        await accounts.totpVerify(code);
        openConsole();
      }
    } catch (error) {
      showServerFieldErrors(error, form.setError, ["code"]);
    }
  });

  const signOut = (
    <button type="button" className="link-button" onClick={() => session.send({ type: "session.signOut" })}>
      Sign out
    </button>
  );

  if (recovery) {
    return (
      <main id="main" className="second-factor card">
        <h1>Save your recovery codes</h1>
        <p>
          If you lose your phone, each of these codes signs you in once instead of the authenticator. This is
          the only time they are shown: write them down or keep them in a password manager.
        </p>
        <ul className="recovery-codes" aria-label="Recovery codes">
          {recovery.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={openConsole}>
          I have saved them: open the console
        </button>
      </main>
    );
  }

  const codeForm = (
    <form noValidate onSubmit={submit}>
      <TextField
        label="Authenticator code"
        inputMode={mode === "setup" ? "numeric" : "text"}
        autoComplete="one-time-code"
        hint={mode === "code" ? "The 6 digits your app shows, or one of your recovery codes." : undefined}
        {...fieldOf(form, "code")}
      />
      <div className="second-factor-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Checking…" : mode === "setup" ? "Turn on" : "Continue"}
        </button>
        {signOut}
      </div>
    </form>
  );

  if (mode === "code") {
    return (
      <main id="main" className="second-factor card">
        <h1>Two-step sign-in</h1>
        <p>Open your authenticator app and enter the code it shows for OjaPay.</p>
        {codeForm}
      </main>
    );
  }

  return (
    <main id="main" className="second-factor card">
      <h1>Set up two-step sign-in</h1>
      <p>
        The console needs a code from an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password and the like) as well as your password.
      </p>
      {setup ? (
        <>
          <img
            className="second-factor-qr"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
          />
          <p>
            Cannot scan? Enter this key in the app instead:{" "}
            <code className="second-factor-key">{setup.secret}</code>
          </p>
          {codeForm}
        </>
      ) : (
        <div className="second-factor-actions">
          <button type="button" className="button" onClick={start} disabled={starting}>
            {starting ? "Preparing…" : "Show the QR code"}
          </button>
          {signOut}
        </div>
      )}
    </main>
  );
}
