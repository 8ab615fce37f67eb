import { useMachine } from "@xstate/react";
import { useCallback, useState } from "react";
import { Link, useSearchParams } from "wouter";
import type { SnapshotFrom } from "xstate";
import { fundingCheckMachine } from "../../../machines/fundingCheckMachine";
import { fundingCheckActors } from "../../actors/fundingCheckActors";
import { ApiFailure } from "../../api/client";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { CopyButton } from "../../components/CopyButton";
import { formatNaira } from "../../format/money";
import { lazyPart } from "./lazyPart";
import "./wallet.css";
import "./fund.css";

// The wallet number and the bank transfer details draw first; the card form follows.
const CardPaymentForm = lazyPart(() => import("./CardPaymentForm").then((module) => module.CardPaymentForm));

export default function FundAccountPage() {
  const [search, setSearch] = useSearchParams();
  const reference = search.get("reference");

  usePageTitle("Fund account");

  return (
    <div className="wallet-page fund">
      <h1>Fund account</h1>
      {reference === null ? (
        <Funding />
      ) : (
        // The gateway sends the customer back here; a fresh key restarts the checks for a new reference.
        <PaymentResult key={reference} reference={reference} onStartAgain={() => setSearch({})} />
      )}
    </div>
  );
}

function WalletNumber() {
  const { customer } = useCustomerServices();
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
      <p className="muted">
        OjaPay's own number for your wallet: quote it when you contact us. It is not a bank account; to pay by
        transfer, use the account number below.
      </p>
    </section>
  );
}

/** The three ways to add money; the card's form, with react-hook-form, arrives just after the page draws. */
function Funding() {
  return (
    <>
      <WalletNumber />
      <BankTransfer />
      <section className="card" aria-labelledby="add-money">
        <h2 id="add-money">Pay by card</h2>
        <CardPaymentForm
          placeholder={
            <p role="status" className="card-form-loading muted">
              Loading the card payment form…
            </p>
          }
        />
      </section>
    </>
  );
}

/**
 * The customer's own account number: a transfer into it from any bank app reaches the wallet. The
 * server opens it with the gateway the first time it is asked, so the first load can take a moment.
 */
function BankTransfer() {
  const { customer } = useCustomerServices();
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

/** Where the gateway's checkout sent the customer back: what became of the payment. */
export function PaymentResult({
  reference,
  onStartAgain,
  snapshot,
}: {
  reference: string;
  onStartAgain: () => void;
  /** A saved state to start from (a replay). */
  snapshot?: SnapshotFrom<typeof fundingCheckMachine>;
}) {
  const { customer, inspect } = useCustomerServices();
  const [logic] = useState(() => fundingCheckMachine.provide({ actors: fundingCheckActors(customer) }));
  const [state, send] = useMachine(logic, {
    input: { reference },
    ...(inspect && { inspect }),
    ...(snapshot && { snapshot }),
  });
  const checkAgain = () => send({ type: "funding.recheck" });
  const confirming = state.matches("starting") || state.matches("checking") || state.matches("confirming");
  const transaction = state.context.check?.transaction ?? null;
  const settled = state.matches("settled") ? transaction : null;

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
        {settled?.status === "successful" && (
          <p className="result-ok">{formatNaira(settled.total)} has been added to your wallet.</p>
        )}
        {settled?.status === "failed" && (
          <p className="result-bad">
            {settled.failure_reason ?? "The payment did not go through."} No money was taken from your wallet.
          </p>
        )}
        {settled?.status === "refunded" && <p>This payment was refunded. See the receipt for details.</p>}
        {state.matches("stopped") && (
          <p className="result-bad">This payment was not completed. No money was taken from your account.</p>
        )}
        {state.matches("slow") && (
          <p>
            Your payment is still being confirmed. We will add it to your wallet as soon as the bank confirms
            it.
          </p>
        )}
        {state.matches("missing") && <p>We could not find that payment.</p>}
        {state.matches("unreachable") && (
          <p>We could not check your payment just now. If money left your account, it is safe.</p>
        )}
      </div>

      {confirming && <p className="muted">This usually takes a few seconds. You can leave this page.</p>}

      <div className="result-actions">
        {settled?.status === "successful" && (
          <Link href="/dashboard" className="button">
            Go to your dashboard
          </Link>
        )}
        {(settled?.status === "failed" || state.matches("stopped")) && (
          <button type="button" className="button" onClick={onStartAgain}>
            Try again
          </button>
        )}
        {/* Beside Try again, checking is the lesser way on: only for someone sure money left their bank. */}
        {(state.matches("slow") || state.matches("unreachable") || state.matches("stopped")) && (
          <button
            type="button"
            className={state.matches("stopped") ? "button secondary" : "button"}
            onClick={checkAgain}
          >
            Check again
          </button>
        )}
        {state.matches("missing") && (
          <button type="button" className="button" onClick={onStartAgain}>
            Fund your wallet
          </button>
        )}
        {/* A receipt for a payment that happened or may still: not for one abandoned at checkout or failed. */}
        {transaction && !confirming && !state.matches("stopped") && transaction.status !== "failed" && (
          <Link href={`/transaction-history/${transaction.reference}`}>View receipt</Link>
        )}
      </div>
    </section>
  );
}
