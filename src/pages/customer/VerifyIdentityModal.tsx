import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { type IdentityType, identityTypeName, type KycStatus, kycVerifyBody } from "../../../schemas/kyc";
import { ApiFailure } from "../../api/client";
import { useCustomerServices } from "../../app/AppServices";
import { useOnce } from "../../app/useOnce";
import { Modal } from "../../components/Modal";
import { TextField } from "../../components/TextField";
import { formatNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

type VerifyForm = z.input<typeof kycVerifyBody>;
const fieldNames = ["id_type", "number"] as const;

// How a customer finds the number without leaving the page: the USSD codes NIBSS and NIMC publish.
const whereToFind: Record<IdentityType, string> = {
  bvn: "Dial *565*0# from the phone number your bank has to see your BVN.",
  nin: "Dial *346# from the phone number linked to your NIN to see it.",
};

/**
 * The server's msg, unless it only repeats what is already shown under a field (a 400's msg is its
 * first field message), so the customer does not read the same sentence twice.
 */
function refusalMessage(error: unknown): string {
  if (!(error instanceof ApiFailure)) return "Something went wrong. Please try again.";
  const placed = fieldNames.flatMap((name) => error.fields?.[name]?.slice(0, 1) ?? []);
  return placed.includes(error.msg) ? "" : error.msg;
}

/**
 * Verify Details: a BVN or NIN checked against the customer's name by the server's identity
 * provider, which raises a tier 1 account to tier 2.
 */
export function VerifyIdentityModal({
  status,
  onVerified,
  onClose,
}: {
  status: KycStatus;
  onVerified: (status: KycStatus) => void;
  onClose: () => void;
}) {
  const { customer } = useCustomerServices();
  const form = useForm<VerifyForm, unknown, z.output<typeof kycVerifyBody>>({
    resolver: schemaResolver(kycVerifyBody),
    defaultValues: { id_type: "bvn", number: "" },
  });
  const [refusal, setRefusal] = useState("");
  // Every check counts against the server's tries; a double click must not spend two.
  const once = useOnce();
  const sending = form.formState.isSubmitting;
  const idType = form.watch("id_type") ?? "bvn";
  const name = identityTypeName[idType];
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) =>
    once(async () => {
      setRefusal("");
      try {
        onVerified(await customer.verifyIdentity(body));
      } catch (error) {
        showServerFieldErrors(error, form.setError, fieldNames);
        setRefusal(refusalMessage(error));
      }
    }),
  );

  return (
    // Closing while the check is out would hide whether it worked.
    <Modal open title="Verify your identity" onClose={() => !sending && onClose()}>
      <p>
        Tier {status.tier} accounts can buy up to {formatNaira(status.daily_limit)} a day and hold{" "}
        {formatNaira(status.max_balance)}. Verifying your BVN or NIN raises this to tier 2.
      </p>
      <form noValidate onSubmit={submit}>
        <fieldset className="id-type" disabled={sending}>
          <legend>Identity number</legend>
          {(["bvn", "nin"] as const).map((type) => (
            <label key={type}>
              <input type="radio" value={type} {...form.register("id_type")} /> {identityTypeName[type]}
            </label>
          ))}
          {errors.id_type && (
            <p className="field-error" role="alert">
              {errors.id_type.message}
            </p>
          )}
        </fieldset>
        <TextField
          label={`${name} (11 digits)`}
          inputMode="numeric"
          autoComplete="off"
          hint={whereToFind[idType]}
          error={errors.number?.message}
          readOnly={sending}
          {...form.register("number")}
        />
        <p className="muted">We check that the name it is registered to matches the name on your profile.</p>
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button secondary" disabled={sending} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={sending}>
            {sending ? "Verifying…" : "Verify"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
