import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { type IdentityType, identityTypeName } from "../../../schemas/kyc";
import { type KycStatus, kycVerifyBody } from "../../../schemas/kycStatus";
import { ApiFailure } from "../../api/client";
import { useCustomerServices } from "../../app/AppServices";
import { useOnce } from "../../app/useOnce";
import { DateField } from "../../components/DateField";
import { Modal } from "../../components/Modal";
import { TextField } from "../../components/TextField";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import { fieldOf } from "../../forms/fieldOf";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { ContestForm } from "./ContestForm";
import { IdentityCodeModal } from "./IdentityCodeModal";
import { ModalFormActions } from "./ModalFormActions";

type VerifyForm = z.input<typeof kycVerifyBody>;
const fieldNames = ["id_type", "number", "date_of_birth"] as const;

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

/** A 409 for a number the registry matched to the customer but another account holds. */
const contestable = (error: unknown) =>
  error instanceof ApiFailure &&
  error.status === 409 &&
  (error.data as { contestable?: unknown } | null)?.contestable === true;

/**
 * Verify Details: a BVN or NIN checked by the server's identity provider against the customer's
 * name and date of birth; a match asks for the code sent to the registry's phone (IdentityCodeModal),
 * which raises a tier 1 account to tier 2. A profile without a date
 * of birth gives it here. When the number turns out to be linked to another account, the customer
 * can say it is theirs from the same dialog.
 */
export function VerifyIdentityModal({
  status,
  dateOfBirth,
  onAnswered,
  onRegistryAnswered,
  onClose,
}: {
  status: KycStatus;
  /** The profile's, when it has one: the check compares it and it is not asked for. */
  dateOfBirth: string | null;
  onAnswered: (status: KycStatus) => void;
  /** The registry answered a check that was refused: the details are fixed now, the profile must say so. */
  onRegistryAnswered?: () => void;
  onClose: () => void;
}) {
  const { customer } = useCustomerServices();
  const form = useForm<VerifyForm, unknown, z.output<typeof kycVerifyBody>>({
    resolver: schemaResolver(kycVerifyBody),
    defaultValues: { id_type: "bvn", number: "", ...(dateOfBirth ? {} : { date_of_birth: "" }) },
  });
  const [refusal, setRefusal] = useState("");
  const [awaiting, setAwaiting] = useState<KycStatus | null>(null);
  const [linkedElsewhere, setLinkedElsewhere] = useState<{ idType: IdentityType; number: string } | null>(
    null,
  );
  // Every check counts against the server's tries; a double click must not spend two.
  const once = useOnce();
  const sending = form.formState.isSubmitting;
  const idType = form.watch("id_type") ?? "bvn";
  const name = identityTypeName[idType];
  const errors = form.formState.errors;

  const submit = form.handleSubmit((body) =>
    once(async () => {
      setRefusal("");
      // The server would refuse a check without one; said here, before a try is spent.
      if (!dateOfBirth && !body.date_of_birth) {
        form.setError("date_of_birth", { type: "required", message: "Enter your date of birth." });
        return;
      }
      try {
        const answer = await customer.verifyIdentity(body);
        // A match waits for the code sent to the registry's phone: the next step, in this dialog.
        if (answer.confirmation?.state === "awaiting_code") setAwaiting(answer);
        else onAnswered(answer);
      } catch (error) {
        if (contestable(error)) setLinkedElsewhere({ idType: body.id_type, number: body.number });
        if (error instanceof ApiFailure && (error.code === "identity_mismatch" || contestable(error)))
          onRegistryAnswered?.();
        showServerFieldErrors(error, form.setError, fieldNames);
        setRefusal(refusalMessage(error));
      }
    }),
  );

  if (awaiting) {
    return (
      <IdentityCodeModal
        status={awaiting}
        onAnswered={onAnswered}
        onStatus={(next) => (next.confirmation ? setAwaiting(next) : onAnswered(next))}
        onClose={() => onAnswered(awaiting)}
      />
    );
  }

  if (linkedElsewhere) {
    const linkedName = identityTypeName[linkedElsewhere.idType];
    return (
      // A dialog of its own (key): focus moves into it, as it would if it had opened by itself.
      <Modal key="linked" open title="This number is mine" onClose={onClose}>
        <p role="alert">{refusal}</p>
        <p>
          Staff compare both accounts and may move {linkedName} •••••••{linkedElsewhere.number.slice(-4)} to
          yours.
        </p>
        <ContestForm
          idType={linkedElsewhere.idType}
          number={linkedElsewhere.number}
          onAnswered={onAnswered}
          onCancel={onClose}
        />
      </Modal>
    );
  }

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
          readOnly={sending}
          {...fieldOf(form, "number")}
        />
        {dateOfBirth ? (
          <p className="muted">Date of birth on your profile: {formatDate(dateOfBirth)}.</p>
        ) : (
          <DateField
            label="Date of birth"
            chosen={form.watch("date_of_birth")}
            autoComplete="bday"
            hint="As on your BVN or NIN. It is saved to your profile."
            error={errors.date_of_birth?.message}
            readOnly={sending}
            {...form.register("date_of_birth", { setValueAs: (value: string) => value || undefined })}
          />
        )}
        <p className="muted">
          We check that the name and date of birth it is registered to match your profile, then send a code to
          the phone the registry holds for it. Once the registry answers, your name and date of birth are
          fixed: a later change goes to staff for review.
        </p>
        <ModalFormActions
          refusal={refusal}
          busy={sending}
          onCancel={onClose}
          label="Verify"
          busyLabel="Verifying…"
        />
      </form>
    </Modal>
  );
}
