import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "wouter";
import { z } from "zod";
import { referenceParam, type Transaction } from "../../../schemas/transactions";
import { fundBody, fundingLimits } from "../../../schemas/wallet";
import { ApiFailure } from "../../api/client";
import { useAppServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { AmountField } from "../../components/AmountField";
import { CopyButton } from "../../components/CopyButton";
import { useGlobalLoading } from "../../components/globalLoading";
import { formatNaira, parseNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import "./wallet.css";

/** How often, and for how long, the page asks whether the gateway's payment has landed. */
const confirmPollMs = 2_000;
const confirmForMs = 60_000;

const notAnAmount = "Enter an amount in naira, like 5,000.";
const chips = [100_000, 200_000, 500_000, 1_000_000]; // kobo: ₦1,000, ₦2,000, ₦5,000, ₦10,000
// The label already says ₦, so a chip fills the field with the number alone ("1,000.00").

// Typed naira becomes kobo here, then meets the very rule (and words) the server applies to fundBody.
const fundForm = z.strictObject({
  amount: z
    .string()
    .refine((text) => parseNaira(text) !== null, { error: notAnAmount })
    .transform((text) => parseNaira(text) ?? 0)
    .pipe(fundBody.shape.amount),
});

const referenceFormat = referenceParam.shape.reference;

export default function FundAccountPage() {
  const [search, setSearch] = useSearchParams();
  const reference = search.get("reference");

  usePageTitle("Fund account");

  return (
    <div className="wallet-page fund">
      <h1>Fund account</h1>
      {reference === null ? (
        <FundForm />
      ) : (
        // The gateway sends the customer back here; a fresh key restarts the checks for a new reference.
        <PaymentResult key={reference} reference={reference} onStartAgain={() => setSearch({})} />
      )}
    </div>
  );
}

function WalletNumber() {
  const { customer } = useAppServices();
  const wallet = useLoad(useCallback(() => customer.wallet(), [customer]));
  return (
    <section className="card wallet-number-card" aria-labelledby="wallet-number">
      <h2 id="wallet-number">Your wallet number</h2>
      {wallet.state === "loading" && <p role="status">Loading…</p>}
      {wallet.state === "failed" && (
        <p>
          We could not load your wallet number.{" "}
          <button type="button" className="link-button" onClick={wallet.retry}>
            Try again
          </button>
        </p>
      )}
      {wallet.state === "ready" && <p className="wallet-number big">{wallet.data.number}</p>}
    </section>
  );
}

function FundForm() {
  const { customer } = useAppServices();
  const form = useForm({ resolver: schemaResolver(fundForm), defaultValues: { amount: "" } });
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One request id per amount: a double click or a retry after a dropped connection repeats the same
  // request, which the server answers once, instead of opening a second checkout for the same money.
  const attempt = useRef<{ amount: number; requestId: string } | null>(null);
  // Two clicks inside one frame both arrive before the button can disable itself; the server would
  // answer the second with 409 "still in flight", which the customer should never see.
  const inFlight = useRef(false);
  // Not formState.isSubmitting: a second, refused submit would end it while the first is still out.
  const busy = sending || leaving;
  useGlobalLoading(busy);

  // Back from the gateway can bring this page out of the browser's cache exactly as it was left,
  // still "opening the payment page"; the customer must be able to try again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const submit = form.handleSubmit(async ({ amount }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    if (attempt.current?.amount !== amount) attempt.current = { amount, requestId: crypto.randomUUID() };
    setProblem(null);
    try {
      const { checkout_url } = await customer.fund({ amount, request_id: attempt.current.requestId });
      const target = new URL(checkout_url, window.location.href);
      // Only a web page may be opened: a "javascript:" address here would run in the app.
      if (target.protocol !== "https:" && target.protocol !== "http:") {
        setProblem("The payment page could not be opened. Please try again later.");
        return;
      }
      setLeaving(true);
      window.location.assign(target.href);
    } catch (error) {
      // The client has already said what went wrong. The amount's request id stays for a retry, so
      // a dropped connection cannot open a second checkout; but once the server says this request can
      // no longer be opened (409), the next try is a new one.
      if (error instanceof ApiFailure && error.status === 409) attempt.current = null;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  });

  return (
    <>
      <WalletNumber />
      <BankTransfer />
      <section className="card" aria-labelledby="add-money">
        <h2 id="add-money">Pay by card</h2>
        <form noValidate onSubmit={submit}>
          <AmountField
            form={form}
            name="amount"
            label="Amount (₦)"
            chips={chips}
            hint={`From ${formatNaira(fundingLimits.min)} to ${formatNaira(fundingLimits.max)} at a time.`}
          />
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button wide" disabled={busy}>
            {leaving ? "Opening payment page…" : busy ? "Please wait…" : "Continue to payment"}
          </button>
        </form>
      </section>
    </>
  );
}

/**
 * The customer's own account number: a transfer into it from any bank app reaches the wallet. The
 * server opens it with the gateway the first time it is asked, so the first load can take a moment.
 */
function BankTransfer() {
  const { customer } = useAppServices();
  const account = useLoad(useCallback(() => customer.bankAccount(), [customer]));
  return (
    <section className="card bank-account-card" aria-labelledby="bank-transfer">
      <h2 id="bank-transfer">Pay by bank transfer</h2>
      {account.state === "loading" && <p role="status">Getting your account number…</p>}
      {account.state === "failed" && (
        <p>
          {account.error instanceof ApiFailure
            ? account.error.msg
            : "We could not get your account number just now."}{" "}
          <button type="button" className="link-button" onClick={account.retry}>
            Try again
          </button>
        </p>
      )}
      {account.state === "ready" && (
        <>
          <p className="muted">
            Send any amount to this account from your bank app. It reaches your wallet within a few minutes.
          </p>
          <dl className="bank-account">
            <div>
              <dt>Bank</dt>
              <dd>{account.data.bank_name}</dd>
            </div>
            <div>
              <dt>Account number</dt>
              <dd className="wallet-number big">{account.data.account_number}</dd>
            </div>
            <div>
              <dt>Account name</dt>
              <dd>{account.data.account_name}</dd>
            </div>
          </dl>
          <CopyButton
            text={account.data.account_number}
            label="Copy account number"
            what="the account number"
          />
        </>
      )}
    </section>
  );
}

type Check =
  | { phase: "checking" | "missing" | "unreachable" }
  | { phase: "pending" | "slow" | "settled" | "stopped"; transaction: Transaction };

function PaymentResult({ reference, onStartAgain }: { reference: string; onStartAgain: () => void }) {
  const { customer } = useAppServices();
  const [round, setRound] = useState(0);
  const [check, setCheck] = useState<Check>({ phase: "checking" });

  useEffect(() => {
    void round;
    if (!referenceFormat.safeParse(reference).success) {
      setCheck({ phase: "missing" });
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    setCheck({ phase: "checking" });
    const ask = async () => {
      try {
        // The server asks the gateway; the redirect that brought the customer here proves nothing.
        const { transaction, gateway_status } = await customer.verifyFunding(reference);
        if (!live) return;
        if (transaction.status !== "pending") setCheck({ phase: "settled", transaction });
        // Cancelled, or the card was declined: nothing to wait for, though paying later still counts.
        else if (gateway_status === "abandoned" || gateway_status === "failed")
          setCheck({ phase: "stopped", transaction });
        else if (Date.now() - startedAt >= confirmForMs) setCheck({ phase: "slow", transaction });
        else {
          setCheck({ phase: "pending", transaction });
          timer = setTimeout(ask, confirmPollMs);
        }
      } catch (error) {
        // Stop at the first failure: the client shows a notice for each, and one is enough.
        if (live)
          setCheck({
            phase: error instanceof ApiFailure && error.status === 404 ? "missing" : "unreachable",
          });
      }
    };
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [customer, reference, round]);

  const checkAgain = () => setRound((n) => n + 1);
  const confirming = check.phase === "checking" || check.phase === "pending";
  const transaction = "transaction" in check ? check.transaction : null;

  return (
    <section className="card fund-result" aria-labelledby="payment-result">
      <h2 id="payment-result">Your payment</h2>
      <div role="status" className={`fund-result-message ${confirming ? "confirming" : ""}`}>
        {confirming && (
          <>
            <span className="spinner" aria-hidden="true" />
            <span>Confirming your payment…</span>
          </>
        )}
        {check.phase === "settled" && check.transaction.status === "successful" && (
          <p className="result-ok">{formatNaira(check.transaction.total)} has been added to your wallet.</p>
        )}
        {check.phase === "settled" && check.transaction.status === "failed" && (
          <p className="result-bad">
            {check.transaction.failure_reason ?? "The payment did not go through."} No money was taken from
            your wallet.
          </p>
        )}
        {check.phase === "settled" && check.transaction.status === "refunded" && (
          <p>This payment was refunded. See the receipt for details.</p>
        )}
        {check.phase === "stopped" && (
          <p className="result-bad">This payment was not completed. No money was taken from your account.</p>
        )}
        {check.phase === "slow" && (
          <p>
            Your payment is still being confirmed. We will add it to your wallet as soon as the bank confirms
            it.
          </p>
        )}
        {check.phase === "missing" && <p>We could not find that payment.</p>}
        {check.phase === "unreachable" && (
          <p>We could not check your payment just now. If money left your account, it is safe.</p>
        )}
      </div>

      {confirming && <p className="muted">This usually takes a few seconds. You can leave this page.</p>}

      <div className="result-actions">
        {check.phase === "settled" && check.transaction.status === "successful" && (
          <Link href="/dashboard" className="button">
            Go to your dashboard
          </Link>
        )}
        {((check.phase === "settled" && check.transaction.status === "failed") ||
          check.phase === "stopped") && (
          <button type="button" className="button" onClick={onStartAgain}>
            Try again
          </button>
        )}
        {(check.phase === "slow" || check.phase === "unreachable" || check.phase === "stopped") && (
          <button type="button" className="button" onClick={checkAgain}>
            Check again
          </button>
        )}
        {check.phase === "missing" && (
          <button type="button" className="button" onClick={onStartAgain}>
            Fund your wallet
          </button>
        )}
        {transaction && !confirming && (
          <Link href={`/transaction-history/${transaction.reference}`}>View receipt</Link>
        )}
      </div>
    </section>
  );
}
