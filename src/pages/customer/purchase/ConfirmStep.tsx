import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import type { Choice } from "../../../../machines/purchaseMachine";
import { pin } from "../../../../schemas/common";
import { formatNaira } from "../../../../schemas/money";
import { TransactionPinField } from "../../../components/TransactionPinField";
import { schemaResolver } from "../../../forms/schemaResolver";
import { useSession } from "../../../session/useSession";
import { SetPinAction } from "../SetPinAction";

const pinForm = z.object({ pin });

/**
 * The summary with any discount or fee and the total, then the 4-digit PIN; for a customer who has
 * none yet, Set your PIN in its place, and the PIN once it is set, the purchase still waiting.
 */
export function ConfirmStep({
  choice,
  customerName,
  error,
  onConfirm,
  onBack,
}: {
  choice: Choice;
  customerName: string | null;
  error: string | null;
  onConfirm: (pin: string) => void;
  onBack: () => void;
}) {
  const form = useForm({ resolver: schemaResolver(pinForm), defaultValues: { pin: "" } });
  const { profile } = useSession();
  const [pinJustSet, setPinJustSet] = useState(false);
  // Unknown (a saved state restored before the session) is left to the server, which refuses no PIN.
  const needsPin = profile?.has_pin === false && !pinJustSet;
  const { setFocus } = form;
  useEffect(() => {
    // The modal closed on a button that is gone now: the field it was for is where to carry on.
    if (pinJustSet) setFocus("pin");
  }, [pinJustSet, setFocus]);
  const { quote } = choice;
  return (
    <section aria-labelledby="confirm-title" className="card wizard-step">
      <h2 id="confirm-title">Confirm your purchase</h2>
      <dl className="summary">
        {choice.summary.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {customerName && (
          <div>
            <dt>{choice.kind === "exam_pin" ? "Candidate" : "Customer"}</dt>
            <dd>{customerName}</dd>
          </div>
        )}
        <div>
          <dt>Price</dt>
          <dd>{formatNaira(quote.amount)}</dd>
        </div>
        {quote.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>−{formatNaira(quote.discount)}</dd>
          </div>
        )}
        {quote.fee > 0 && (
          <div>
            <dt>Service fee</dt>
            <dd>{formatNaira(quote.fee)}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
          <dd>{formatNaira(quote.total)}</dd>
        </div>
      </dl>
      {needsPin ? (
        <>
          <p>
            To pay you need a transaction PIN, and you have not set one yet. We will email you a code to set
            it; this purchase waits here.
          </p>
          <div className="wizard-actions">
            <button type="button" className="button secondary" onClick={onBack}>
              Back
            </button>
            <SetPinAction onSet={() => setPinJustSet(true)} />
          </div>
        </>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => onConfirm(values.pin))}>
          <TransactionPinField error={form.formState.errors.pin?.message} {...form.register("pin")} />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="wizard-actions">
            <button type="button" className="button secondary" onClick={onBack}>
              Back
            </button>
            <button type="submit" className="button">
              Pay {formatNaira(quote.total)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
