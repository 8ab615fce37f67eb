import { Link } from "wouter";
import { formatNaira } from "../../../../schemas/money";
import type { Transaction } from "../../../../schemas/transactions";
import { DeliveredPins } from "../../../components/DeliveredPins";
import { TokenBox } from "../../../components/TokenBox";
import { RechargeCardLinks } from "../recharge/RechargeCardLinks";

export const pinsToCome = "Your PINs show here, and come to you by email, once the provider confirms.";
export const cardsToCome =
  "Your cards are ready to print, and come to you by email, once the provider confirms.";

/** "Airtime for 0803…", or a recharge purchase's "20 × MTN ₦100 card for Mama Nkechi Stores". */
const boughtFor = (t: Transaction) =>
  t.kind === "recharge_pin" ? t.description : `${t.product} for ${t.recipient}`;

/** Successful (with its receipt and any token or PINs), pending (money held, check again) or failed (money back). */
export function ResultStep({
  transaction,
  checking,
  error,
  onRecheck,
  onAgain,
}: {
  transaction: Transaction;
  checking: boolean;
  error: string | null;
  onRecheck: () => void;
  onAgain: () => void;
}) {
  const t = transaction;
  const receipt = `/transaction-history/${t.reference}`;
  return (
    <section aria-labelledby="result-title" className={`card wizard-step result result-${t.status}`}>
      {t.status === "successful" && (
        <>
          <h2 id="result-title">Purchase successful</h2>
          <p>
            {boughtFor(t)}
            {t.customer_name ? ` (${t.customer_name})` : ""}: {formatNaira(t.total)} paid.
          </p>
          {t.token && <TokenBox token={t.token} units={t.units} />}
          {t.kind === "recharge_pin" ? (
            <RechargeCardLinks transaction={t} />
          ) : (
            t.pins && t.pins.length > 0 && <DeliveredPins pins={t.pins} />
          )}
        </>
      )}
      {t.status === "pending" && (
        <>
          <h2 id="result-title">Waiting for the provider</h2>
          <p>
            {boughtFor(t)} is being processed. Your {formatNaira(t.total)} is held, not lost: it is delivered,
            or it comes back to your wallet, once the provider confirms.
          </p>
          {t.kind === "exam_pin" && <p>{pinsToCome}</p>}
          {t.kind === "recharge_pin" && <p>{cardsToCome}</p>}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="button" onClick={onRecheck} disabled={checking}>
            {checking ? "Checking…" : "Check again"}
          </button>
        </>
      )}
      {(t.status === "failed" || t.status === "refunded" || t.status === "reversed") && (
        <>
          <h2 id="result-title">{t.status === "reversed" ? "Purchase reversed" : "Purchase failed"}</h2>
          <p>{t.failure_reason ?? "The provider could not deliver this purchase."}</p>
          <p>Your {formatNaira(t.total)} is back in your wallet.</p>
        </>
      )}
      <p className="muted">Reference {t.reference}</p>
      <div className="wizard-actions">
        <Link href={receipt} className="button secondary">
          View receipt
        </Link>
        <button type="button" className="button" onClick={onAgain}>
          {t.status === "failed" ? "Try again" : "Buy again"}
        </button>
      </div>
    </section>
  );
}
