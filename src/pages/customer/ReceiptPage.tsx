import { type ReactNode, useCallback } from "react";
import { Link } from "wouter";
import { purchaseKinds, type Transaction } from "../../../schemas/transactions";
import { ApiFailure } from "../../api/client";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { TokenBox } from "../../components/TokenBox";
import { kindLabels, StatusBadge } from "../../components/TransactionLabels";
import { formatDateTime } from "../../format/formatDateTime";
import { formatNaira } from "../../format/money";
import { lazyPart } from "./lazyPart";
import { ReceiptSms } from "./sms/smsLazyParts";
import "./receipt.css";
import "./wallet.css";

// Only an exam-PIN receipt draws PINs: every other receipt goes without their code and styles.
const DeliveredPins = lazyPart(() => import("../../components/DeliveredPins").then((m) => m.DeliveredPins));
// Buy again, arriving after the receipt draws: the receipt fetches no file more for it.
const BuyAgainLink = lazyPart(() => import("./recipients/BuyAgainLink").then((m) => m.BuyAgainLink));
// A recharge receipt leads to its print page and CSV rather than listing up to 100 cards.
const RechargeCardLinks = lazyPart(() =>
  import("./recharge/RechargeCardLinks").then((m) => m.RechargeCardLinks),
);
// "Report a problem" and a dispute's standing: their form and schemas load only on a purchase's receipt.
const ReportProblem = lazyPart(() => import("./dispute/ReportProblem").then((m) => m.ReportProblem));

const recipientLabel: Partial<Record<Transaction["kind"], string>> = {
  airtime: "Phone number",
  data: "Phone number",
  tv: "Smartcard number",
  electricity: "Meter number",
  exam_pin: "Phone number",
  recharge_pin: "Name on the cards",
};

/** A JAMB PIN's purchase was for a candidate, named by the provider, whose profile ID is its recipient. */
const recipientOf = (t: Transaction) =>
  t.kind === "exam_pin" && t.customer_name ? "JAMB profile ID" : (recipientLabel[t.kind] ?? "Recipient");

const isPurchase = (kind: Transaction["kind"]) => purchaseKinds.some((purchase) => purchase === kind);

export default function ReceiptPage({ reference }: { reference: string }) {
  const { customer } = useCustomerServices();
  const receipt = useLoad(useCallback(() => customer.transaction(reference), [customer, reference]));

  usePageTitle("Receipt");

  const notFound =
    receipt.state === "failed" && receipt.error instanceof ApiFailure && receipt.error.status === 404;

  return (
    <div className="wallet-page receipt-page">
      <h1>Receipt</h1>
      {receipt.state === "loading" && <p role="status">Loading…</p>}
      {notFound && (
        <div className="card load-failed">
          <p>We could not find that transaction.</p>
          <Link href="/transaction-history">Back to history</Link>
        </div>
      )}
      {receipt.state === "failed" && !notFound && (
        <div className="card load-failed">
          <p>We could not load this receipt.</p>
          <button type="button" className="button" onClick={receipt.retry}>
            Try again
          </button>
        </div>
      )}
      {receipt.state === "ready" && <Receipt transaction={receipt.data} />}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="receipt-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Receipt({ transaction: t }: { transaction: Transaction }) {
  return (
    <article className="card receipt" aria-label={`Receipt ${t.reference}`}>
      {t.status === "pending" && (
        <p className="receipt-note note-wait">
          We are waiting for the provider to confirm. Your money is held, not lost.
          {t.kind === "exam_pin" &&
            " Your PINs show on this receipt, and come to you by email, once it does."}
          {t.kind === "recharge_pin" &&
            " Your cards can be printed from this receipt, and come to you by email, once it does."}
        </p>
      )}
      {t.status === "failed" && (
        <div className="receipt-note note-bad">
          {t.failure_reason && <p>{t.failure_reason}</p>}
          <p>
            {isPurchase(t.kind)
              ? "Your money was returned to your wallet."
              : "No money was taken from your wallet."}
          </p>
        </div>
      )}
      {t.status === "refunded" && <p className="receipt-note">This purchase was refunded to your wallet.</p>}
      {t.status === "reversed" && (
        <p className="receipt-note">
          The provider reversed this purchase. Your money is back in your wallet.
        </p>
      )}

      {t.token && <TokenBox token={t.token} units={t.units} />}
      {isPurchase(t.kind) && t.status !== "pending" && <ReceiptSms transaction={t} placeholder={null} />}
      {t.kind === "recharge_pin" && t.pins && t.pins.length > 0 && (
        <section className="receipt-cards" aria-labelledby="receipt-cards">
          <h2 id="receipt-cards">
            {t.pins.length === 1
              ? "Your card is ready to print"
              : `Your ${t.pins.length} cards are ready to print`}
          </h2>
          <RechargeCardLinks transaction={t} placeholder={<p role="status">Loading…</p>} />
        </section>
      )}
      {t.kind !== "recharge_pin" && t.pins && t.pins.length > 0 && (
        <DeliveredPins pins={t.pins} placeholder={<p role="status">Loading your PINs…</p>} />
      )}

      <dl className="receipt-facts">
        <Fact label="Reference">
          <span className="mono">{t.reference}</span>
        </Fact>
        <Fact label="Date and time">{formatDateTime(t.created_at)}</Fact>
        <Fact label="Type">{kindLabels[t.kind]}</Fact>
        <Fact label="Status">
          <StatusBadge status={t.status} />
        </Fact>
        <Fact label="Description">{t.description}</Fact>
        {t.product && <Fact label={t.kind === "level_upgrade" ? "Level" : "Product"}>{t.product}</Fact>}
        {t.recipient && (
          <Fact label={recipientOf(t)}>
            <span className="mono">{t.recipient}</span>
          </Fact>
        )}
        {t.customer_name && <Fact label="Customer name">{t.customer_name}</Fact>}
        <Fact label="Amount">{formatNaira(t.amount)}</Fact>
        {t.discount > 0 && <Fact label="Discount">−{formatNaira(t.discount)}</Fact>}
        {t.fee > 0 && <Fact label="Fee">{formatNaira(t.fee)}</Fact>}
        <Fact label="Total">
          <strong>{formatNaira(t.total)}</strong>
        </Fact>
        {t.provider_reference && (
          <Fact label="Provider reference">
            <span className="mono">{t.provider_reference}</span>
          </Fact>
        )}
        {t.balance_before !== null && <Fact label="Balance before">{formatNaira(t.balance_before)}</Fact>}
        {t.balance_after !== null && <Fact label="Balance after">{formatNaira(t.balance_after)}</Fact>}
      </dl>

      {isPurchase(t.kind) && <ReportProblem transaction={t} placeholder={null} />}

      <div className="receipt-actions">
        <button type="button" className="button" onClick={() => window.print()}>
          Print receipt
        </button>
        <BuyAgainLink transaction={t} placeholder={null} />
        <Link href="/transaction-history">Back to history</Link>
      </div>
    </article>
  );
}
