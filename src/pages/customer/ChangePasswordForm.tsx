import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { passwordChangeBody } from "../../../schemas/auth";
import { useAppServices } from "../../app/AppServices";
import { fieldOf } from "../../forms/fieldOf";
import { CurrentPasswordField, NewPasswordField, SubmitButton } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

type PasswordChangeForm = z.input<typeof passwordChangeBody>;
const empty: PasswordChangeForm = { current_password: "", new_password: "" };

/**
 * Change password on the profile: this device stays signed in, every other one is signed out. Loaded
 * after the profile page draws (lazyPart), with react-hook-form.
 */
export function ChangePasswordForm() {
  const { accounts } = useAppServices();
  const form = useForm<PasswordChangeForm, unknown, z.output<typeof passwordChangeBody>>({
    resolver: schemaResolver(passwordChangeBody),
    defaultValues: empty,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await accounts.changePassword(values);
      form.reset(empty);
    } catch (error) {
      showServerFieldErrors(error, form.setError, ["current_password", "new_password"]);
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <div className="form-row">
        <CurrentPasswordField label="Current password" {...fieldOf(form, "current_password")} />
        <NewPasswordField {...fieldOf(form, "new_password")} />
      </div>
      <SubmitButton busy={form.formState.isSubmitting} label="Change password" busyLabel="Changing…" />
    </form>
  );
}
