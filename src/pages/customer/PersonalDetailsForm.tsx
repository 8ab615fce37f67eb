import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import type { Profile } from "../../../schemas/auth";
import { pastDate, personName, phone } from "../../../schemas/common";
import { useAppServices } from "../../app/AppServices";
import { DateField } from "../../components/DateField";
import { useGlobalLoading } from "../../components/globalLoading";
import { SecretDisplay } from "../../components/SecretDisplay";
import { TextField } from "../../components/TextField";
import { fieldOf } from "../../forms/fieldOf";
import { NameFields, SubmitButton } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { useSession } from "../../session/useSession";
import { supportEmail } from "../public/infoPaths";

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

/**
 * Where a change of fixed details goes: a correction for staff under Wallet and verification until the
 * account is verified (one at a time: a sent one waits there); after that the server takes no
 * correction (an admin edits), so only support can.
 */
export type FixedDetails = "correctable" | "correctionPending" | "verified";

const fixedHints: Record<FixedDetails, string> = {
  correctable: "Fixed since your identity check. Ask for a correction under Wallet and verification.",
  correctionPending:
    "Fixed since your identity check. Your correction is waiting for staff, under Wallet and verification.",
  verified: `Fixed since your identity check verified them. To change them, contact support at ${supportEmail}.`,
};

/**
 * The profile's personal details of spec section 2, with Update Profile (PATCH auth/profile/); its
 * password and PIN are shown masked, as statements, since only their hashes are kept. Once an
 * identity check has fixed the names and date of birth (`locked`), they show read-only; the server
 * refuses a change to them anyway. `fixed` says where a change of them goes. Loaded after the profile page draws (lazyPart), being its part
 * with react-hook-form.
 */
export function PersonalDetailsForm({
  profile,
  locked = false,
  fixed = "correctable",
}: {
  profile: Profile;
  locked?: boolean;
  fixed?: FixedDetails;
}) {
  const { accounts } = useAppServices();
  const { send } = useSession();
  const form = useForm<ProfileForm, unknown, z.output<typeof profileForm>>({
    resolver: schemaResolver(profileForm),
    // The profile can change under the form (an identity check saves the date of birth it was given):
    // the form follows it, except in the fields the customer is editing.
    values: useMemo(() => formValues(profile), [profile]),
    resetOptions: { keepDirtyValues: true },
  });
  const fixedHintId = useId();
  useGlobalLoading(form.formState.isSubmitting);

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

  return (
    <form noValidate onSubmit={update}>
      <fieldset className="form-row" aria-describedby={locked ? fixedHintId : undefined}>
        <legend>Full name</legend>
        <NameFields first={fieldOf(form, "first_name")} last={fieldOf(form, "last_name")} readOnly={locked} />
        {locked && (
          <p className="field-hint" id={fixedHintId}>
            {fixedHints[fixed]}
          </p>
        )}
      </fieldset>
      <div className="form-row">
        <TextField label="Phone" type="tel" autoComplete="tel" {...fieldOf(form, "phone")} />
        <TextField label="Email" type="email" value={profile.email} readOnly />
      </div>
      <DateField
        label="Date of birth"
        chosen={form.watch("date_of_birth")}
        readOnly={locked}
        hint={locked ? fixedHints[fixed] : undefined}
        {...fieldOf(form, "date_of_birth")}
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
      <SubmitButton busy={form.formState.isSubmitting} label="Update Profile" busyLabel="Updating…" />
    </form>
  );
}
