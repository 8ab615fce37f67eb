import { Link } from "wouter";
import { SetPinAction } from "./SetPinAction";

/**
 * What a new customer must do before a first purchase, on the dashboard until the PIN is set: a new
 * account has no transaction PIN, and without this card the customer would learn it only at the
 * wizard's last step. Funding comes first in the list, ticked once the wallet holds money.
 * A PIN set here is said so in the card, which stays until the customer leaves the page.
 */
export function FirstStepsCard({ funded, onPinSet }: { funded: boolean; onPinSet: () => void }) {
  return (
    <section className="card first-steps" aria-labelledby="first-steps">
      <h2 id="first-steps">Before your first purchase</h2>
      <ol>
        <li>
          {funded ? (
            <p className="step-done">Wallet funded ✓</p>
          ) : (
            <p>
              <Link href="/fund-account">Fund your wallet</Link> by card or bank transfer.
            </p>
          )}
        </li>
        <li>
          <p>Set your transaction PIN: you type it to approve every purchase.</p>
          <SetPinAction onSet={onPinSet} />
        </li>
      </ol>
    </section>
  );
}
