import { useCallback, useId, useState } from "react";
import { Link } from "wouter";
import { useCustomerServices } from "../../app/AppServices";
import { useHydrated } from "../../app/useHydrated";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { EmergencyBanner } from "../../components/EmergencyBanner";
import { LoadFailed } from "../../components/LoadFailed";
import { TransactionRow } from "../../components/TransactionRow";
import { formatNaira } from "../../format/money";
import { useSession } from "../../session/useSession";
import { clientStore } from "../../storage/clientStore";
import { FirstStepsCard } from "./FirstStepsCard";
import "./wallet.css";

const hiddenKey = "balanceHidden";
const masked = "₦ ••••••";

const quickActions = [
  { href: "/fund-account", label: "Fund wallet" },
  { href: "/airtime-vtu", label: "Airtime" },
  { href: "/data-subscriptions", label: "Data" },
  { href: "/cable-subscriptions", label: "Cable TV" },
  { href: "/utilities", label: "Electricity" },
  { href: "/exam-pins", label: "Exam PINs" },
  { href: "/recharge-pins", label: "Recharge cards" },
  { href: "/bulk", label: "Bulk top-up" },
] as const;

// Hidden unless the customer chose to show it: a balance on screen is read by whoever stands behind.
const readHidden = () => clientStore.read(hiddenKey) !== false;
const writeHidden = (hidden: boolean) => clientStore.write(hiddenKey, hidden);

/** The page's title, which its prerendered HTML carries too (src/prerender.tsx). */
export const dashboardTitle = "Dashboard";

export default function DashboardPage() {
  const { customer } = useCustomerServices();
  const { profile } = useSession();
  // Once set here, the card stays to say so (and keep focus) rather than vanish under the customer.
  const [pinSetHere, setPinSetHere] = useState(false);
  const [hidden, setHidden] = useState(readHidden);
  const balanceId = useId();
  // Prerendered as the app shell, before any session is read, and taken over as drawn (loading): it
  // asks for the customer's data only from the draw after, once CustomerGuard has seen a customer.
  const mayAsk = useHydrated();

  usePageTitle(dashboardTitle);

  // The wallet and latest transactions are the page; notices and the emergency banner are extras
  // that must not take the balance down with them if their call fails.
  const loadMain = useCallback(
    () => Promise.all([customer.wallet(), customer.transactions({ page: 1, page_size: 5 })]),
    [customer],
  );
  const main = useLoad(mayAsk ? loadMain : null);
  const loadCirculars = useCallback(() => customer.circulars(), [customer]);
  const circulars = useLoad(mayAsk ? loadCirculars : null);
  const loadStatus = useCallback(() => customer.status(), [customer]);
  const status = useLoad(mayAsk ? loadStatus : null);

  const toggle = () => {
    setHidden(!hidden);
    writeHidden(!hidden);
  };

  const emergency = status.state === "ready" && status.data.emergency.enabled ? status.data.emergency : null;

  // Circulars sit above the history once the page is up, and under the loading or error message before.
  const notices = circulars.state === "ready" && circulars.data.length > 0 && (
    <section className="card notices" aria-labelledby="notices">
      <h2 id="notices">Notices</h2>
      {circulars.data.map((circular) => (
        <article key={circular.id} className="notice">
          <h3>{circular.title}</h3>
          <p>{circular.body}</p>
        </article>
      ))}
    </section>
  );

  return (
    <div className="wallet-page dashboard">
      {emergency && <EmergencyBanner message={emergency.message} />}
      <h1>{dashboardTitle}</h1>

      {main.state === "loading" && (
        <div className="dashboard-loading">
          <p role="status">Loading…</p>
          <div className="skeleton skeleton-card" aria-hidden="true" />
          <div className="skeleton skeleton-rows" aria-hidden="true" />
        </div>
      )}

      {main.state === "failed" && (
        <LoadFailed card message="We could not load your dashboard." retry={main.retry} />
      )}

      {main.state === "ready" && (
        <>
          {(profile?.has_pin === false || pinSetHere) && (
            <FirstStepsCard funded={main.data[0].balance > 0} onPinSet={() => setPinSetHere(true)} />
          )}
          <section className="card balance-card" aria-labelledby={balanceId}>
            <div className="balance-top">
              <h2 id={balanceId} className="balance-label">
                Wallet balance
              </h2>
              <button
                type="button"
                className="link-button balance-toggle"
                aria-pressed={!hidden}
                onClick={toggle}
              >
                {hidden ? "Show balance" : "Hide balance"}
              </button>
            </div>
            <p className="balance-amount">
              {hidden ? (
                <>
                  <span aria-hidden="true">{masked}</span>
                  <span className="sr-only">Hidden</span>
                </>
              ) : (
                formatNaira(main.data[0].balance)
              )}
            </p>
            <p className="balance-meta">
              Wallet number <span className="wallet-number">{main.data[0].number}</span>
            </p>
            {main.data[0].pending_total > 0 && (
              <p className="balance-meta">
                {hidden ? masked : formatNaira(main.data[0].pending_total)} held for pending purchases
              </p>
            )}
          </section>

          <nav className="quick-actions" aria-label="Quick actions">
            <ul>
              {quickActions.map((action) => (
                <li key={action.href}>
                  <Link href={action.href} className="quick-action">
                    {action.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          {notices}

          <section className="card" aria-labelledby="latest-transactions">
            <div className="section-head">
              <h2 id="latest-transactions">Latest transactions</h2>
              {main.data[1].results.length > 0 && <Link href="/transaction-history">See all</Link>}
            </div>
            {main.data[1].results.length === 0 ? (
              // Funding is offered by the first steps, the Fund wallet tile and the menu: not a fourth time.
              <div className="empty-state">
                <p>No transactions yet. Your fundings and purchases will show here, newest first.</p>
              </div>
            ) : (
              <ul className="txn-list">
                {main.data[1].results.map((transaction) => (
                  <li key={transaction.id}>
                    <TransactionRow transaction={transaction} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      {main.state !== "ready" && notices}
    </div>
  );
}
