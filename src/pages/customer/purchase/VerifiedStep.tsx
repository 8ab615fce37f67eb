import type { Verified } from "../../../../machines/purchaseMachine";

/** What the provider found for the smartcard, meter or JAMB profile ID: the customer says whether it is theirs. */
export function VerifiedStep({
  verified,
  who,
  onBack,
  onAccept,
}: {
  verified: Verified;
  /** Whose name it is: "customer", or a JAMB PIN's "candidate". */
  who: string;
  onBack: () => void;
  onAccept: () => void;
}) {
  return (
    <section className="card wizard-step" aria-labelledby="verified-title">
      <h2 id="verified-title">Is this the right {who}?</h2>
      <p className="customer-name">{verified.customer_name}</p>
      {verified.details.length > 0 && (
        <dl className="summary">
          {verified.details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="wizard-actions">
        <button type="button" className="button secondary" onClick={onBack}>
          No, go back
        </button>
        <button type="button" className="button" onClick={onAccept}>
          Yes, continue
        </button>
      </div>
    </section>
  );
}
