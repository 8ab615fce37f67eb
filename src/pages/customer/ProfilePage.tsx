import { useMachine } from "@xstate/react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import type { Profile } from "../../../schemas/auth";
import { pastDate, personName, phone } from "../../../schemas/common";
import { useCustomerServices } from "../../app/AppServices";
import { usePageTitle } from "../../app/usePageTitle";
import { useGlobalLoading } from "../../components/globalLoading";
import { SecretDisplay } from "../../components/SecretDisplay";
import { TextField } from "../../components/TextField";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { useSession } from "../../session/useSession";
import { ChangePasswordSection } from "./ChangePasswordSection";
import { PinResetModal } from "./PinResetModal";
import { usePinResetLogic } from "./usePinResetLogic";
import { VerificationSection } from "./VerificationSection";
import "./profile.css";

// The form's view of the profile: a date input gives "" for no date, which the API spells null.
const profileForm = z.strictObject({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  phone,
  date_of_birth: z.union([z.literal(""), pastDate]),
});
type ProfileForm = z.input<typeof profileForm>;

const formValues = (p: Profile): ProfileForm => ({
  first_name: p.first_name,
  last_name: p.last_name,
  phone: p.phone,
  date_of_birth: p.date_of_birth ?? "",
});

export default function ProfilePage() {
  const { accounts, inspect } = useCustomerServices();
  const { profile, send } = useSession();
  const [pin, sendPin] = useMachine(usePinResetLogic(), { inspect });
  const form = useForm<ProfileForm, unknown, z.output<typeof profileForm>>({
    resolver: schemaResolver(profileForm),
    defaultValues: profile ? formValues(profile) : undefined,
  });
  const errors = form.formState.errors;
  useGlobalLoading(pin.matches("requesting") || form.formState.isSubmitting);

  usePageTitle("Profile");
  useEffect(() => {
    send({ type: "profile.refresh" });
  }, [send]);

  if (!profile) return null;

  const update = form.handleSubmit(async (values) => {
    try {
      const updated = await accounts.updateProfile({
        ...values,
        date_of_birth: values.date_of_birth || null,
      });
      send({ type: "profile.update", profile: updated });
      form.reset(formValues(updated));
    } catch (error) {
      showServerFieldErrors(error, form.setError, ["first_name", "last_name", "phone", "date_of_birth"]);
    }
  });

  const pinModalOpen = pin.matches("codeSent") || pin.matches("resending") || pin.matches("confirming");

  return (
    <div className="profile">
      <header className="profile-header card">
        <div>
          <h1>
            {profile.first_name} {profile.last_name}
          </h1>
          <span className={`badge ${profile.can_transact ? "badge-ok" : "badge-warn"}`}>
            {profile.can_transact ? "Verified" : "Not Verified"}
          </span>
        </div>
        <button type="button" className="button secondary" onClick={() => sendPin({ type: "pin.request" })}>
          Reset Pin
        </button>
      </header>

      <section className="card" aria-labelledby="personal-details">
        <h2 id="personal-details">Personal details</h2>
        <form noValidate onSubmit={update}>
          <fieldset className="form-row">
            <legend>Full name</legend>
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...form.register("first_name")}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...form.register("last_name")}
            />
          </fieldset>
          <div className="form-row">
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...form.register("phone")}
            />
            <TextField label="Email" type="email" value={profile.email} readOnly />
          </div>
          <TextField
            label="Date of birth"
            type="date"
            error={errors.date_of_birth?.message}
            {...form.register("date_of_birth")}
          />
          <div className="form-row">
            <SecretDisplay
              label="Password"
              mask="••••••••"
              revealed="Kept encrypted; not even OjaPay can read it."
            />
            <SecretDisplay
              label="Transaction PIN"
              mask={profile.has_pin ? "••••" : "Not set"}
              revealed={
                profile.has_pin ? "Set. Use Reset Pin to change it." : "Not set yet. Use Reset Pin to set it."
              }
            />
          </div>
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Updating…" : "Update Profile"}
          </button>
        </form>
      </section>

      <ChangePasswordSection />

      <VerificationSection profile={profile} />

      {pinModalOpen && (
        <PinResetModal
          busy={pin.matches("confirming") || pin.matches("resending")}
          resending={pin.matches("resending")}
          error={pin.context.error}
          onConfirm={(input) => sendPin({ type: "pin.confirm", ...input })}
          onResend={() => sendPin({ type: "pin.resend" })}
          onClose={() => sendPin({ type: "pin.cancel" })}
        />
      )}
    </div>
  );
}
