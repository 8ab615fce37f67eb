import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { staffInviteBody } from "../../../schemas/admin";
import { useAdminServices } from "../../app/AppServices";
import { TextField } from "../../components/TextField";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

type InviteForm = z.input<typeof staffInviteBody>;
const empty: InviteForm = { first_name: "", last_name: "", email: "", phone: "", role: "staff" };
const fields = ["first_name", "last_name", "email", "phone", "role"] as const;

/**
 * Staff and admins are invited, never promoted from customers: the account is made at once and the
 * person chooses a password from the emailed link, then sets up an authenticator on first sign-in.
 */
export default function InviteStaffForm({
  onInvited,
  onClose,
}: {
  onInvited: () => void;
  onClose: () => void;
}) {
  const { admin } = useAdminServices();
  const form = useForm<InviteForm, unknown, z.output<typeof staffInviteBody>>({
    resolver: schemaResolver(staffInviteBody),
    defaultValues: empty,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await admin.inviteStaff(values);
      onInvited();
    } catch (error) {
      showServerFieldErrors(error, form.setError, fields);
    }
  });

  return (
    <section className="card" aria-labelledby="invite-staff">
      <h2 id="invite-staff">Invite staff</h2>
      <form noValidate onSubmit={submit}>
        <div className="form-row">
          <TextField label="First name" error={errors.first_name?.message} {...form.register("first_name")} />
          <TextField label="Last name" error={errors.last_name?.message} {...form.register("last_name")} />
        </div>
        <div className="form-row">
          <TextField label="Email" type="email" error={errors.email?.message} {...form.register("email")} />
          <TextField label="Phone" type="tel" error={errors.phone?.message} {...form.register("phone")} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" {...form.register("role")}>
            <option value="staff">Staff</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className="modal-actions">
          <button type="button" className="link-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? "Sending…" : "Send invitation"}
          </button>
        </div>
      </form>
    </section>
  );
}
