import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { z } from "zod/mini";
import type { StaffTransaction } from "../../../schemas/staff";
import {
  type PurchaseKind,
  type TransactionKind,
  type TransactionStatus,
  transactionKind,
  transactionStatus,
} from "../../../schemas/transactions";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom, searchFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { ClearFilters } from "../../components/ChoiceFilter";
import { PagedResults } from "../../components/PagedResults";
import { TransactionFilters } from "../../components/TransactionFilters";
import { kindLabels, StatusBadge } from "../../components/TransactionLabels";
import { formatCount } from "../../format/formatCount";
import { formatDateTime } from "../../format/formatDateTime";
import { formatNaira } from "../../format/money";
import { fullName } from "./accountLabels";
import "./admin.css";
import { ColumnHeads } from "../../components/ColumnHeads";
import { DateField } from "../../components/DateField";

/** The titles of adminNav, so the heading matches the sidebar; spec section 2 fixes the last one. */
const titles: Record<PurchaseKind | "all", string> = {
  airtime: "Airtime transactions",
  data: "Data bundle transactions",
  tv: "TV transactions",
  electricity: "Electricity transactions",
  exam_pin: "Exam PIN transactions",
  recharge_pin: "Recharge card transactions",
  all: "Transactions History",
};

const day = z.iso.date();

type Filters = {
  kind?: TransactionKind;
  status?: TransactionStatus;
  from?: string;
  to?: string;
  search?: string;
  page: number;
};
const filterKeys = ["kind", "status", "from", "to", "search"] as const;

/** The address is the source of truth, so Back, a refresh and a shared link all show the same list. */
function readFilters(params: URLSearchParams, withKind: boolean): Filters {
  const kind = transactionKind.safeParse(params.get("kind"));
  const status = transactionStatus.safeParse(params.get("status"));
  const from = day.safeParse(params.get("from"));
  const to = day.safeParse(params.get("to"));
  const search = searchFrom(params);
  return {
    ...(withKind && kind.success && { kind: kind.data }),
    ...(status.success && { status: status.data }),
    ...(from.success && { from: from.data }),
    ...(to.success && { to: to.data }),
    ...(search && { search }),
    page: pageFrom(params),
  };
}

function toParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of filterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** Only the filters in use, so the request (and a test reading it) carries no empty keys. */
function compact<T extends Record<string, string | number | undefined>>(query: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const key in query) if (query[key] !== undefined) kept[key] = query[key];
  return kept;
}

/**
 * Every customer's transactions of one kind (staff and admin), or of every kind (admin's
 * "Transactions History"), filtered and paged through the address.
 */
export default function TransactionsListPage({ kind: fixedKind }: { kind?: PurchaseKind }) {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, !fixedKind);
  const { kind, status, from, to, search, page } = filters;
  const title = titles[fixedKind ?? "all"];
  usePageTitle(title);

  // Dates and search are typed, so they wait for Apply; a half-typed date must not reload the list.
  const [draft, setDraft] = useState({ from: from ?? "", to: to ?? "", search: search ?? "" });
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  // Back or a link can change the filters under the boxes; the boxes follow the address.
  useEffect(() => setDraft({ from: from ?? "", to: to ?? "", search: search ?? "" }), [from, to, search]);
  const ids = { kind: useId(), status: useId(), from: useId(), to: useId(), search: useId() };

  const list = useLoad(
    useCallback(() => {
      const query = compact({ page, kind, status, from, to, search });
      return fixedKind ? admin.transactions(fixedKind, query) : admin.allTransactions(query);
    }, [admin, fixedKind, page, kind, status, from, to, search]),
  );

  const show = (change: Partial<Filters>) => {
    // A new filter starts again at page 1; only the pager passes a page.
    setParams(toParams({ ...filters, page: 1, ...change }));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setDateProblem("From must be on or before To.");
      return;
    }
    setDateProblem(null);
    show({
      from: draft.from || undefined,
      to: draft.to || undefined,
      search: draft.search.trim() || undefined,
    });
  };

  const filtered = Boolean(kind || status || from || to || search);

  return (
    <div className="admin-page">
      <h1>{title}</h1>

      <form className="card admin-filters" aria-label="Filter transactions" noValidate onSubmit={apply}>
        <TransactionFilters kind={kind} status={status} withKind={!fixedKind} onChange={show} />
        <DateField
          id={ids.from}
          label="From"
          chosen={draft.from}
          value={draft.from}
          max={draft.to || undefined}
          error={dateProblem ?? undefined}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        />
        <DateField
          id={ids.to}
          label="To"
          chosen={draft.to}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <div className="field admin-search">
          <label htmlFor={ids.search}>Search phone, smartcard, meter, reference or email</label>
          <input
            id={ids.search}
            type="search"
            value={draft.search}
            maxLength={100}
            onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
          />
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="button">
            Apply
          </button>
          {filtered && <ClearFilters setParams={setParams} />}
        </div>
      </form>

      <PagedResults
        title="Transactions"
        list={list}
        page={page}
        onPage={(p) => show({ page: p })}
        failed="We could not load the transactions."
        none={<p>{filtered ? "No transactions match these filters." : "No transactions yet."}</p>}
        summary={(data) => (
          // Over every transaction the filters match, not just this page (the server adds them up).
          <div className="admin-totals" aria-live="polite">
            <dl>
              <div>
                <dt>Transactions</dt>
                <dd>{formatCount(data.totals.count)}</dd>
              </div>
              <div>
                <dt>Face value</dt>
                <dd>{formatNaira(data.totals.amount)}</dd>
              </div>
              <div>
                <dt>Charged to wallets</dt>
                <dd>{formatNaira(data.totals.charged)}</dd>
              </div>
            </dl>
            <p className="muted">
              Face value is before fees and discounts. Charged counts purchases and level upgrades that stand:
              a failed, refunded or reversed one gave its money back, and money paid in is no charge.
            </p>
          </div>
        )}
      >
        {(rows, stale) => (
          <div className="admin-table-scroll">
            <table className={`admin-table transactions-table ${stale ? "stale" : ""}`}>
              <caption className="sr-only">
                {title}, page {page}
              </caption>
              <ColumnHeads
                columns={[
                  "Date",
                  "Reference",
                  !fixedKind && "Kind",
                  "Customer",
                  "Recipient",
                  "Product",
                  "Status",
                  { label: "Total", numeric: true },
                ]}
              />
              <tbody>
                {rows.map((transaction) => (
                  <TransactionLine key={transaction.id} transaction={transaction} showKind={!fixedKind} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResults>
    </div>
  );
}

function TransactionLine({ transaction: t, showKind }: { transaction: StaffTransaction; showKind: boolean }) {
  return (
    <tr>
      <td data-label="Date">{formatDateTime(t.created_at)}</td>
      <td data-label="Reference" className="admin-table-key keep-whole">
        {/* Relative to the /admin router: /admin/transactions/<id>, for staff and admins alike. */}
        <Link href={`/transactions/${t.id}`} className="mono">
          {t.reference}
        </Link>
      </td>
      {showKind && <td data-label="Kind">{kindLabels[t.kind]}</td>}
      <td data-label="Customer">
        <span className="stacked">
          <span>{fullName(t.customer)}</span>
          <span className="muted keep-whole">{t.customer.email}</span>
        </span>
      </td>
      <td data-label="Recipient" className="mono keep-whole">
        {t.recipient ?? "—"}
      </td>
      <td data-label="Product">{t.product ?? t.description}</td>
      <td data-label="Status">
        <StatusBadge status={t.status} />
      </td>
      <td data-label="Total" className="numeric amount">
        {formatNaira(t.total)}
      </td>
    </tr>
  );
}
