import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { passwordChangeBody } from "../../../schemas/auth";
import { passwordHint } from "../../../schemas/common";
import { useAppServices } from "../../app/AppServices";
import { SecretField } from "../../components/TextField";
import { fieldOf } from "../../forms/fieldOf";
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
        <SecretField
          label="Current password"
          autoComplete="current-password"
          {...fieldOf(form, "current_password")}
        />
        <SecretField
          label="New password"
          autoComplete="new-password"
          hint={passwordHint}
          {...fieldOf(form, "new_password")}
        />
      </div>
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
