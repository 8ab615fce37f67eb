import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { type DisputeResolveBody, disputeResolveBody, type StaffDispute } from "../../../../schemas/disputes";
import { ApiFailure } from "../../../api/client";
import { useAdminServices } from "../../../app/AppServices";
import { useConfirmAction } from "../../../app/useConfirmAction";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { TextAreaField } from "../../../components/TextAreaField";
import { formatNaira } from "../../../format/money";
import { fieldOf } from "../../../forms/fieldOf";
import { schemaResolver } from "../../../forms/schemaResolver";
import { showServerFieldErrors } from "../../../forms/serverFieldErrors";

type ResolveInput = z.input<typeof disputeResolveBody>;

const outcomeWords = (d: StaffDispute): Array<[DisputeResolveBody["outcome"], string]> => [
  ["refund", `Refund ${formatNaira(d.purchase.total)} to the wallet`],
  ["redeliver", "Buy it again for the same recipient, at our cost"],
  ["reject", "Reject: the provider delivered"],
];

/**
 * The resolution of one dispute at a time: `open` starts one (outcome and note cleared), `dialog` is
 * the dialog to draw, with its outcome and a note the customer reads (needed to reject).
 */
export function useResolveDialog(onResolved: () => void) {
  const { admin } = useAdminServices();
  const [dispute, setDispute] = useState<StaffDispute | null>(null);
  const form = useForm<ResolveInput, unknown, DisputeResolveBody>({
    resolver: schemaResolver(disputeResolveBody),
    defaultValues: { note: "" },
  });
  const flow = useConfirmAction<{ id: string; body: DisputeResolveBody }, unknown>({
    send: ({ draft }) => admin.resolveDispute(draft.id, draft.body),
    onDone: onResolved,
    onRefused: (error) => {
      showServerFieldErrors(error, form.setError, ["outcome", "note"]);
      // Resolved by someone else meanwhile: the list must show what is true now.
      if (error instanceof ApiFailure && error.status === 409) onResolved();
    },
  });
  const errors = form.formState.errors;
  const open = (next: StaffDispute) => {
    form.reset({ note: "" });
    setDispute(next);
    flow.edit();
  };

  const dialog = (
    <ConfirmDialog
      flow={flow}
      title={dispute ? `Resolve the dispute of ${dispute.purchase.reference}` : ""}
      confirmLabel="Resolve"
      busyLabel="Resolving…"
      onSubmit={form.handleSubmit((body) => dispute && flow.confirm({ id: dispute.id, body }))}
      failureMessage="Nothing was resolved, or we could not tell. Trying again is safe: a refund is made once."
    >
      {dispute && (
        <>
          <p>
            {dispute.purchase.description} for {dispute.customer.first_name} {dispute.customer.last_name}.
          </p>
          <fieldset className="dispute-outcomes">
            <legend>Outcome</legend>
            {outcomeWords(dispute).map(([outcome, words]) => (
              <label key={outcome}>
                <input type="radio" value={outcome} {...form.register("outcome")} /> {words}
              </label>
            ))}
            {errors.outcome && (
              <p className="field-error" role="alert">
                {errors.outcome.message}
              </p>
            )}
          </fieldset>
          <TextAreaField
            label="Note to the customer"
            hint="Needed to reject. The customer reads it; the audit log keeps it."
            maxLength={500}
            {...fieldOf(form, "note")}
          />
        </>
      )}
    </ConfirmDialog>
  );
  return { open, dialog };
}
