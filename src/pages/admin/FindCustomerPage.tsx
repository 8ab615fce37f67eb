import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import type { z } from "zod/mini";
import type { customerHit } from "../../../schemas/staff";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom, searchFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { PagedResults } from "../../components/PagedResults";
import { SearchField, useSearchDraft } from "../../components/SearchField";
import { formatNaira } from "../../format/money";
import { fullName } from "./accountLabels";
import { FundWalletForm } from "./FundWalletForm";
import "./admin.css";

type CustomerHit = z.infer<typeof customerHit>;

/**
 * Staff (and admins) find a customer by name, email, phone or wallet number and fund their wallet.
 * Manage users is admin-only, so this is how staff reach a customer to fund.
 */
export default function FindCustomerPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params);
  const page = pageFrom(params);
  const [draft, setDraft] = useSearchDraft(search);
  const [funding, setFunding] = useState<string | null>(null);
  usePageTitle("Find a customer");

  const list = useLoad(
    useCallback(() => admin.customers({ page, ...(search && { search }) }), [admin, page, search]),
  );

  const show = (next: { search?: string | undefined; page?: number }) => {
    const query = new URLSearchParams();
    const term = "search" in next ? next.search : search;
    if (term) query.set("search", term);
    if (next.page && next.page > 1) query.set("page", String(next.page));
    setFunding(null);
    setParams(query);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    show({ search: draft.trim() || undefined });
  };

  return (
    <div className="admin-page">
      <h1>Find a customer</h1>

      <form className="card admin-filters" aria-label="Find a customer" onSubmit={submitSearch}>
        <SearchField
          label="Search name, email, phone or wallet number"
          value={draft}
          onChange={setDraft}
          className="admin-search"
        />
      </form>

      <PagedResults
        title="Customers"
        list={list}
        page={page}
        onPage={(p) => show({ page: p })}
        failed="We could not load the customers."
        none={<p>No customers match.</p>}
      >
        {(rows, stale) => (
          <ul className={`customer-cards ${stale ? "stale" : ""}`}>
            {rows.map((customer) => (
              <CustomerCard
                key={customer.id}
                customer={customer}
                open={funding === customer.id}
                onToggle={() => setFunding((open) => (open === customer.id ? null : customer.id))}
                onFunded={() => {
                  setFunding(null);
                  // The balance shown changed; ask again rather than guess.
                  list.retry();
                }}
              />
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}

function CustomerCard({
  customer,
  open,
  onToggle,
  onFunded,
}: {
  customer: CustomerHit;
  open: boolean;
  onToggle: () => void;
  onFunded: () => void;
}) {
  const name = fullName(customer);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Opening the form moves focus into it, so a keyboard user lands on the amount and not back at the top.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [open]);

  return (
    <li className="customer-card">
      <div className="customer-card-head">
        <strong>{name}</strong>
        <button
          type="button"
          className="button secondary"
          aria-expanded={open}
          aria-controls={panelId}
          // Every card has this button; its name says whose wallet, and starts with the words shown.
          aria-label={open ? `Close funding for ${name}` : `Fund wallet for ${name}`}
          onClick={onToggle}
        >
          {open ? "Close" : "Fund wallet"}
        </button>
      </div>
      <dl className="admin-facts compact">
        <div className="admin-fact">
          <dt>Email</dt>
          <dd>{customer.email}</dd>
        </div>
        <div className="admin-fact">
          <dt>Phone</dt>
          <dd className="mono">{customer.phone}</dd>
        </div>
        <div className="admin-fact">
          <dt>Wallet number</dt>
          <dd className="mono">{customer.wallet_number}</dd>
        </div>
        <div className="admin-fact">
          <dt>Balance</dt>
          <dd>{formatNaira(customer.balance)}</dd>
        </div>
      </dl>
      {(!customer.is_active || !customer.can_transact) && (
        // Staff should know before they add money to an account that cannot use it.
        <p className="admin-warning">
          {!customer.is_active && <span className="admin-tag">Deactivated</span>}
          {!customer.can_transact && <span className="admin-tag">May not transact</span>}
        </p>
      )}
      <div id={panelId} ref={panel} hidden={!open} className="customer-fund">
        {open && <FundWalletForm customer={{ id: customer.id, name }} onFunded={onFunded} />}
      </div>
    </li>
  );
}
