import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import type { Choice } from "../../../../machines/purchaseMachine";
import { pin } from "../../../../schemas/common";
import { formatNaira } from "../../../../schemas/money";
import { SecretField } from "../../../components/TextField";
import { schemaResolver } from "../../../forms/schemaResolver";

const pinForm = z.object({ pin });

/** The summary with any discount or fee and the total, then the 4-digit PIN. */
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
            <dt>Customer</dt>
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
      <form noValidate onSubmit={form.handleSubmit((values) => onConfirm(values.pin))}>
        <SecretField
          label="Transaction PIN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          error={form.formState.errors.pin?.message}
          {...form.register("pin")}
        />
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
    </section>
  );
}
