import { useCallback, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Redirect, useSearchParams } from "wouter";
import { z } from "zod/mini";
import { referralCode, registerBody } from "../../../schemas/signedOut";
import { duplicateEmail } from "../../api/signedOutApi";
import { usePageTitle } from "../../app/usePageTitle";
import { useSignedOutApi } from "../../app/useSignedOutApi";
import { useGlobalLoading } from "../../components/globalLoading";
import { Modal } from "../../components/Modal";
import { PhoneField, TextField } from "../../components/TextField";
import { fieldOf } from "../../forms/fieldOf";
import { EmailField, NameFields, NewPasswordField, SubmitButton } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { homeFor, useSession } from "../../session/useSession";
import { VerifyModal } from "./VerifyModal";

// An empty box means no referral code; the API wants the field left out then.
const registerForm = z.extend(registerBody, { referral_code: z.union([z.literal(""), referralCode]) });
type RegisterForm = z.input<typeof registerForm>;

const fieldNames = ["first_name", "last_name", "email", "phone", "password", "referral_code"] as const;

type Step = { name: "form" } | { name: "verify"; email: string } | { name: "created"; email: string };

export function RegisterPage() {
  const signedOut = useSignedOutApi();
  const session = useSession();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>({ name: "form" });
  const form = useForm<RegisterForm, unknown, z.output<typeof registerForm>>({
    resolver: schemaResolver(registerForm),
    defaultValues: {
      first_name: "",
      last_name: "",
      email: "",
      phone: "",
      password: "",
      referral_code: search.get("ref") ?? "",
    },
  });
  useGlobalLoading(form.formState.isSubmitting || session.status === "signingIn");

  usePageTitle("Create account");

  const submit = form.handleSubmit(async (values) => {
    try {
      const { email } = await signedOut.register({
        ...values,
        referral_code: values.referral_code || undefined,
      });
      setStep({ name: "verify", email });
    } catch (error) {
      showServerFieldErrors(error, form.setError, fieldNames, (field, message, failure) =>
        field === "email" ? (duplicateEmail(failure) ?? message) : message,
      );
    }
  });

  const verified = useCallback(
    () => setStep((s) => ({ name: "created", email: "email" in s ? s.email : "" })),
    [],
  );
  const signInNow = () => {
    const { email, password } = form.getValues();
    session.send({ type: "session.signIn", email, password, area: "customer" });
  };

  if (session.status === "signedIn" && session.profile)
    return <Redirect to={`~${homeFor(session.profile)}`} replace />;

  return (
    <>
      <h1>Create your account</h1>
      <form noValidate onSubmit={submit}>
        <div className="form-row">
          <NameFields first={fieldOf(form, "first_name")} last={fieldOf(form, "last_name")} />
        </div>
        <EmailField {...fieldOf(form, "email")} />
        <PhoneField hint="Nigerian mobile number, for example 08031234567" {...fieldOf(form, "phone")} />
        <NewPasswordField label="Password" {...fieldOf(form, "password")} />
        <TextField
          label="Referral code (optional)"
          autoCapitalize="characters"
          {...fieldOf(form, "referral_code")}
        />
        <SubmitButton
          wide
          busy={form.formState.isSubmitting}
          label="Create account"
          busyLabel="Creating account…"
        />
      </form>
      <p className="auth-switch">
        Already have an account? <Link href="~/auth/login">Sign in</Link>
      </p>

      {step.name === "verify" && (
        <VerifyModal email={step.email} onVerified={verified} onClose={() => setStep({ name: "form" })} />
      )}
      {step.name === "created" && (
        <Modal open title="Account created" onClose={() => setStep({ name: "form" })}>
          <p>Your email is verified and your OjaPay wallet is ready. Sign in to fund it and start buying.</p>
          {/* One way on: the password was typed a moment ago, so signing in needs nothing more. */}
          <div className="modal-actions">
            <button
              type="button"
              className="button"
              onClick={signInNow}
              disabled={session.status === "signingIn"}
            >
              {session.status === "signingIn" ? "Signing in…" : "Sign in now"}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
