import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import type { Profile } from "../../../schemas/auth";
import { pastDate, personName } from "../../../schemas/common";
import type { KycStatus } from "../../../schemas/kycStatus";
import { useCustomerServices } from "../../app/AppServices";
import { useOnce } from "../../app/useOnce";
import { DateField } from "../../components/DateField";
import { Modal } from "../../components/Modal";
import { fieldOf } from "../../forms/fieldOf";
import { NameFields } from "../../forms/formControls";
import { schemaResolver } from "../../forms/schemaResolver";
import { StaffNoteField } from "./ContestForm";
import { ModalFormActions, showServerRefusal } from "./ModalFormActions";

// The details as they should be, all shown; only the ones that differ from the profile are sent.
const correctionForm = z.strictObject({
  first_name: personName("First name"),
  last_name: personName("Last name"),
  date_of_birth: pastDate,
  note: z.string().check(z.trim(), z.maxLength(500, { error: "Keep the note under 500 characters." })),
});
type CorrectionInput = z.input<typeof correctionForm>;
const fieldNames = ["first_name", "last_name", "date_of_birth", "note"] as const;

/**
 * Ask for a correction: the names and date of birth an identity check fixed, as they should be, with
 * a note for staff. Nothing changes until staff approve it.
 */
export function CorrectionModal({
  profile,
  onAnswered,
  onClose,
}: {
  profile: Profile;
  onAnswered: (status: KycStatus) => void;
  onClose: () => void;
}) {
  const { customer } = useCustomerServices();
  const form = useForm<CorrectionInput, unknown, z.output<typeof correctionForm>>({
    resolver: schemaResolver(correctionForm),
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      date_of_birth: profile.date_of_birth ?? "",
      note: "",
    },
  });
  const [refusal, setRefusal] = useState("");
  const once = useOnce();
  const sending = form.formState.isSubmitting;

  const submit = form.handleSubmit((values) =>
    once(async () => {
      setRefusal("");
      const changed = {
        ...(values.first_name !== profile.first_name && { first_name: values.first_name }),
        ...(values.last_name !== profile.last_name && { last_name: values.last_name }),
        ...(values.date_of_birth !== profile.date_of_birth && { date_of_birth: values.date_of_birth }),
      };
      if (Object.keys(changed).length === 0) {
        setRefusal("Change your name or date of birth to what it should be first.");
        return;
      }
      try {
        onAnswered(
          await customer.requestDetailChange({ ...changed, ...(values.note && { note: values.note }) }),
        );
      } catch (error) {
        showServerRefusal(error, form.setError, fieldNames, setRefusal);
      }
    }),
  );

  return (
    <Modal open title="Ask for a correction" onClose={() => !sending && onClose()}>
      <p>
        Your name and date of birth are fixed since your identity check. Put them as they should be; staff
        will review the change, and your profile stays as it is until then.
      </p>
      <form noValidate onSubmit={submit}>
        <NameFields
          first={fieldOf(form, "first_name")}
          last={fieldOf(form, "last_name")}
          readOnly={sending}
        />
        <DateField
          label="Date of birth"
          chosen={form.watch("date_of_birth")}
          readOnly={sending}
          {...fieldOf(form, "date_of_birth")}
        />
        <StaffNoteField
          hint="Why it is wrong, for example a spelling on your NIN slip."
          readOnly={sending}
          {...fieldOf(form, "note")}
        />
        <ModalFormActions
          refusal={refusal}
          busy={sending}
          onCancel={onClose}
          label="Send for review"
          busyLabel="Sending…"
        />
      </form>
    </Modal>
  );
}
