import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { type IdentityType, identityTypeName } from "../../../schemas/kyc";
import { type KycContestBody, kycContestBody } from "../../../schemas/kycRequests";
import type { KycStatus } from "../../../schemas/kycStatus";
import { useCustomerServices } from "../../app/AppServices";
import { useOnce } from "../../app/useOnce";
import { TextField, type TextFieldProps } from "../../components/TextField";
import { fieldOf } from "../../forms/fieldOf";
import { schemaResolver } from "../../forms/schemaResolver";
import { ModalFormActions, showServerRefusal } from "./ModalFormActions";

type ContestInput = z.input<typeof kycContestBody>;
const fieldNames = ["number", "note"] as const;

/**
 * "This number is mine": a BVN or NIN the registry matched to the customer but another account
 * holds, sent to staff with an optional note. Used in Verify Details right after the 409 (the number
 * is known then) and from the profile later (the number is asked for again: it is never stored).
 */
export function ContestForm({
  idType,
  number,
  onAnswered,
  onCancel,
}: {
  idType: IdentityType;
  number?: string | undefined;
  onAnswered: (status: KycStatus) => void;
  onCancel: () => void;
}) {
  const { customer } = useCustomerServices();
  const form = useForm<ContestInput, unknown, KycContestBody>({
    resolver: schemaResolver(kycContestBody),
    defaultValues: { id_type: idType, number: number ?? "", note: "" },
  });
  const [refusal, setRefusal] = useState("");
  const once = useOnce();
  const sending = form.formState.isSubmitting;
  const errors = form.formState.errors;
  const name = identityTypeName[idType];

  const submit = form.handleSubmit(({ note, ...number }) =>
    once(async () => {
      setRefusal("");
      try {
        onAnswered(await customer.contestIdentity({ ...number, ...(note && { note }) }));
      } catch (error) {
        showServerRefusal(error, form.setError, fieldNames, setRefusal);
      }
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      {number === undefined ? (
        <TextField
          label={`${name} (11 digits)`}
          inputMode="numeric"
          autoComplete="off"
          readOnly={sending}
          {...fieldOf(form, "number")}
        />
      ) : (
        errors.number && (
          <p className="field-error" role="alert">
            {errors.number.message}
          </p>
        )
      )}
      <StaffNoteField
        hint="Where and when you enrolled, for example. Nothing of the other account is shown to you."
        readOnly={sending}
        {...fieldOf(form, "note")}
      />
      <ModalFormActions
        refusal={refusal}
        busy={sending}
        onCancel={onCancel}
        label="Send to staff"
        busyLabel="Sending…"
      />
    </form>
  );
}

/** The note a customer may add for staff: one line, not the console's text area, which would bring the console's chunk to customers. */
export function StaffNoteField(props: Omit<TextFieldProps, "label" | "maxLength">) {
  return <TextField label="Anything staff should know (optional)" maxLength={500} {...props} />;
}
