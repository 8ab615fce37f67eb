import { type FormEvent, useCallback } from "react";
import { useSearchParams } from "wouter";
import {
  type TransactionKind,
  type TransactionListQuery,
  type TransactionStatus,
  transactionKind,
  transactionStatus,
} from "../../../schemas/transactions";
import { useCustomerServices } from "../../app/AppServices";
import { pageFrom, searchFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { ClearFilters } from "../../components/ChoiceFilter";
import { PagedResults } from "../../components/PagedResults";
import { SearchField, useSearchDraft } from "../../components/SearchField";
import { TransactionFilters } from "../../components/TransactionFilters";
import { TransactionRow } from "../../components/TransactionRow";
import { lazyPart } from "./lazyPart";
import "./wallet.css";

// Buy again under each purchase, arriving after the list draws: the history fetches no file more for it.
const BuyAgainLink = lazyPart(() => import("./recipients/BuyAgainLink").then((m) => m.BuyAgainLink));

const pageSize = 20;

type Filters = { kind?: TransactionKind; status?: TransactionStatus; search?: string; page: number };

/** The address is the source of truth, so Back, a refresh and a shared link all show the same list. */
function readFilters(params: URLSearchParams): Filters {
  const kind = transactionKind.safeParse(params.get("kind"));
  const status = transactionStatus.safeParse(params.get("status"));
  const search = searchFrom(params);
  return {
    ...(kind.success && { kind: kind.data }),
    ...(status.success && { status: status.data }),
    ...(search && { search }),
    page: pageFrom(params),
  };
}

function toParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.status) params.set("status", filters.status);
  if (filters.search) params.set("search", filters.search);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export default function TransactionHistoryPage() {
  const { customer } = useCustomerServices();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { kind, status, search, page } = filters;
  const [draft, setDraft] = useSearchDraft(search);

  usePageTitle("Transaction history");

  const list = useLoad(
    useCallback(() => {
      const query: Partial<TransactionListQuery> = { page, page_size: pageSize };
      if (kind) query.kind = kind;
      if (status) query.status = status;
      if (search) query.search = search;
      return customer.transactions(query);
    }, [customer, page, kind, status, search]),
  );

  const show = (change: Partial<Filters>) => {
    // A new filter starts again at page 1; only the paging buttons pass a page.
    const next: Filters = { ...filters, page: 1, ...change };
    for (const key of ["kind", "status", "search"] as const) if (!next[key]) delete next[key];
    setParams(toParams(next));
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    show({ search: draft.trim() || undefined });
  };

  const filtered = Boolean(kind || status || search);

  return (
    <div className="wallet-page history">
      <h1>Transaction history</h1>

      <form className="card history-filters" aria-label="Filter transactions" onSubmit={submitSearch}>
        <TransactionFilters kind={kind} status={status} onChange={show} />
        {/* What it searches in the label, where it wraps, not in a placeholder a phone's field cuts short. */}
        <SearchField
          label="Search by reference, phone or meter"
          value={draft}
          onChange={setDraft}
          className="history-search"
        />
      </form>

      <PagedResults
        title="Transactions"
        list={list}
        page={page}
        onPage={(next) => show({ page: next })}
        failed="We could not load your transactions."
        none={
          <>
            <p>No transactions match.</p>
            {filtered && <ClearFilters setParams={setParams} />}
          </>
        }
      >
        {(rows, stale) => (
          <ul className={`txn-list detailed ${stale ? "stale" : ""}`}>
            {rows.map((transaction) => (
              <li key={transaction.id}>
                <TransactionRow transaction={transaction} detailed />
                <BuyAgainLink transaction={transaction} placeholder={null} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}
