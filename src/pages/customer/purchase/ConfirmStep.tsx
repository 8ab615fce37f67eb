import type { Choice } from "../../../../machines/purchaseMachine";
import { formatNaira } from "../../../../schemas/money";
import { PinPayment } from "../PinPayment";
import { SaveRecipient } from "../recipients/SaveRecipient";

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
      <SaveRecipient choice={choice} />
      <PinPayment
        total={quote.total}
        waiting="this purchase"
        focusAtOnce={false}
        error={error}
        onConfirm={onConfirm}
        onBack={onBack}
      />
    </section>
  );
}
