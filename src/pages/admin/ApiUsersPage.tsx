import { type FormEvent, useCallback } from "react";
import { Link, useSearchParams } from "wouter";
import type { ApiUser } from "../../../schemas/apiKeyViews";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom, searchFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { PagedResults } from "../../components/PagedResults";
import { SearchField, useSearchDraft } from "../../components/SearchField";
import { formatCount } from "../../format/formatCount";
import { formatDateTime } from "../../format/formatDateTime";
import { formatNaira } from "../../format/money";
import { ApiKeysSection } from "./ApiKeysSection";
import { levelLabel } from "./accountLabels";
import "./admin.css";

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * Who buys through the reseller API and how much (issue 27): the accounts holding keys, highest volume
 * this Lagos month first, searched and paged through the address; below them every key, each
 * revocable at once when one leaks.
 */
export default function ApiUsersPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params);
  const page = pageFrom(params);
  const [draft, setDraft] = useSearchDraft(search);
  usePageTitle("API users");

  const list = useLoad(
    useCallback(() => admin.apiUsers({ page, ...(search && { search }) }), [admin, page, search]),
  );

  const show = (next: { search?: string | undefined; page: number }) => {
    const address = new URLSearchParams();
    if (next.search) address.set("search", next.search);
    if (next.page > 1) address.set("page", String(next.page));
    setParams(address);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    show({ search: draft.trim() || undefined, page: 1 });
  };

  return (
    <div className="admin-page">
      <h1>API users</h1>
      <p className="muted">
        Resellers and API customers buying through their keys. This month counts purchases made with a key
        since the 1st in Lagos that went through or are still pending.
      </p>

      <form className="card admin-filters" aria-label="Find API users" onSubmit={submitSearch}>
        <SearchField
          label="Search name or email"
          value={draft}
          onChange={setDraft}
          className="admin-search"
        />
      </form>

      <PagedResults
        title="API users"
        list={list}
        page={page}
        onPage={(next) => show({ search, page: next })}
        failed="We could not load the API users."
        none={<p>{search ? "No API users match." : "Nobody holds an API key yet."}</p>}
        summary={(data) => (
          <p className="admin-totals" aria-live="polite">
            {plural(data.count, "account", "accounts")} with keys
          </p>
        )}
      >
        {(rows, stale) => (
          <div className="admin-table-scroll">
            <table className={`admin-table ${stale ? "stale" : ""}`}>
              <caption className="sr-only">API users by volume this month, page {page}</caption>
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Level</th>
                  <th scope="col">KYC tier</th>
                  <th scope="col" className="numeric">
                    This month
                  </th>
                  <th scope="col">Keys</th>
                  <th scope="col">Last used</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <ApiUserLine key={user.id} user={user} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResults>

      <ApiKeysSection onRevoked={list.retry} />
    </div>
  );
}

function ApiUserLine({ user }: { user: ApiUser }) {
  return (
    <tr>
      <td data-label="Account">
        <span className="stacked">
          <strong>
            <Link href={`/manage-users/${user.id}`}>{user.name}</Link>
          </strong>
          <span className="muted keep-whole">{user.email}</span>
        </span>
      </td>
      <td data-label="Level">{levelLabel(user.level)}</td>
      <td data-label="KYC tier">Tier {user.kyc_tier}</td>
      <td data-label="This month" className="numeric">
        <span className="stacked">
          <span>{formatNaira(user.month_volume)}</span>
          <span className="muted">{plural(user.month_purchases, "purchase", "purchases")}</span>
        </span>
      </td>
      <td data-label="Keys">
        {formatCount(user.live_keys)} live
        {user.revoked_keys > 0 && `, ${formatCount(user.revoked_keys)} revoked`}
      </td>
      <td data-label="Last used" className="keep-whole">
        {user.last_used_at ? formatDateTime(user.last_used_at) : "Never"}
      </td>
    </tr>
  );
}
