import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { type DisputeBody, disputeBody } from "../../../../schemas/disputes";
import type { CustomerDispute } from "../../../../schemas/disputeView";
import { useCustomerServices } from "../../../app/AppServices";
import { useOnce } from "../../../app/useOnce";
import { TextAreaField } from "../../../components/TextAreaField";
import { fieldOf } from "../../../forms/fieldOf";
import { schemaResolver } from "../../../forms/schemaResolver";
import { ModalFormActions, showServerRefusal } from "../ModalFormActions";
import { reasonWords } from "./disputeWords";

type ReportInput = z.input<typeof disputeBody>;
const fieldNames = ["reason", "details"] as const;

/** What went wrong with a purchase, sent to OjaPay: the provider is asked again at once. */
export function ReportProblemForm({
  transactionId,
  onReported,
  onCancel,
}: {
  transactionId: string;
  onReported: (dispute: CustomerDispute) => void;
  onCancel: () => void;
}) {
  const { customer } = useCustomerServices();
  const form = useForm<ReportInput, unknown, DisputeBody>({
    resolver: schemaResolver(disputeBody),
    defaultValues: { details: "" },
  });
  const [refusal, setRefusal] = useState("");
  const once = useOnce();
  const sending = form.formState.isSubmitting;
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) =>
    once(async () => {
      setRefusal("");
      try {
        onReported(await customer.reportProblem(transactionId, body));
      } catch (error) {
        showServerRefusal(error, form.setError, fieldNames, setRefusal);
      }
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="report-reasons" disabled={sending}>
        <legend>What went wrong?</legend>
        {reasonWords.map(([reason, words]) => (
          <label key={reason}>
            <input
              type="radio"
              value={reason}
              aria-invalid={errors.reason ? true : undefined}
              {...form.register("reason")}
            />{" "}
            {words}
          </label>
        ))}
        {errors.reason && (
          <p className="field-error" role="alert">
            {errors.reason.message}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="What happened"
        hint="When you checked, what you saw. Staff read this."
        maxLength={1000}
        readOnly={sending}
        {...fieldOf(form, "details")}
      />
      <ModalFormActions
        refusal={refusal}
        busy={sending}
        onCancel={onCancel}
        label="Report the problem"
        busyLabel="Sending…"
      />
    </form>
  );
}
