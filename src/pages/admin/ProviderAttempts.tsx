import type { PurchaseAttempt } from "../../../schemas/staff";
import { formatCount } from "../../format/formatCount";
import { formatDateTime } from "../../format/formatDateTime";

/**
 * Each provider a purchase was sent to, in order: the earlier ones refused and kept nothing (why,
 * and in the provider's own words), the current one is the try the purchase stands on.
 */
export function ProviderAttempts({ attempts }: { attempts: readonly PurchaseAttempt[] }) {
  return (
    <section className="card" aria-labelledby="txn-attempts">
      <h2 id="txn-attempts">Providers tried</h2>
      {attempts.length === 0 ? (
        <p className="muted">Not sent to a provider.</p>
      ) : (
        <ol className="admin-attempts">
          {attempts.map((attempt, index) => (
            // A try has no id of its own; the list only ever grows at the end, so the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={attempt.current ? "current" : undefined}>
              <p className="admin-attempt-head">
                <strong>{attempt.provider_label}</strong>
                {attempt.current ? (
                  <span className="admin-attempt-current">Current</span>
                ) : (
                  <span className="muted">Moved on</span>
                )}
              </p>
              <dl className="admin-attempt-facts">
                <AttemptFact label="Request id" value={attempt.request_id} mono />
                <AttemptFact label="Their reference" value={attempt.provider_reference} mono />
                <AttemptFact label="Sent" value={attempt.sent_at && formatDateTime(attempt.sent_at)} />
                <AttemptFact
                  label="Took"
                  value={attempt.latency_ms === null ? null : `${formatCount(attempt.latency_ms)} ms`}
                />
                {attempt.reason && <AttemptFact label="Why moved on" value={attempt.reason} />}
                {attempt.note && <AttemptFact label="They said" value={attempt.note} mono />}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AttemptFact({ label, value, mono }: { label: string; value: string | null; mono?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={mono && value ? "mono" : undefined}>{value ?? "—"}</dd>
    </div>
  );
}
