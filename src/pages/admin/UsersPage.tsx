import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { type Role, role as roleSchema } from "../../../schemas/common";
import type { UserSummary } from "../../../schemas/users";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom, searchFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { Pager, pageCount } from "../../components/Pager";
import { formatDate } from "../../format/formatDate";
import { ActiveBadge, fullName, roleLabels } from "./people";
import "./admin.css";

type Filters = { search?: string; role?: Role; page: number };

function readFilters(params: URLSearchParams): Filters {
  const role = roleSchema.safeParse(params.get("role"));
  const search = searchFrom(params);
  return { ...(search && { search }), ...(role.success && { role: role.data }), page: pageFrom(params) };
}

function toParams({ search, role, page }: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (role) params.set("role", role);
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The admin's user list (spec: /admin/manage-users), searched and paged through the address. */
export default function UsersPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { search, role, page } = filters;
  const [draft, setDraft] = useState(search ?? "");
  useEffect(() => setDraft(search ?? ""), [search]);
  const ids = { search: useId(), role: useId() };
  usePageTitle("Manage users");

  const list = useLoad(
    useCallback(
      () => admin.users({ page, ...(search && { search }), ...(role && { role }) }),
      [admin, page, search, role],
    ),
  );

  const show = (change: Partial<Filters>) => setParams(toParams({ ...filters, page: 1, ...change }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    show({ search: draft.trim() || undefined });
  };

  const data = list.state === "failed" ? undefined : list.data;

  return (
    <div className="admin-page">
      <h1>Manage users</h1>

      <form className="card admin-filters users-filters" aria-label="Find users" onSubmit={submitSearch}>
        <div className="field admin-search">
          <label htmlFor={ids.search}>Search name, email, phone or wallet number</label>
          <div className="search-row">
            <input
              id={ids.search}
              type="search"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
            />
            <button type="submit" className="button">
              Search
            </button>
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Role</label>
          <select
            id={ids.role}
            value={role ?? ""}
            onChange={(e) => show({ role: (e.target.value || undefined) as Role | undefined })}
          >
            <option value="">All</option>
            {roleSchema.options.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </div>
      </form>

      <section className="card" aria-labelledby="users-results" aria-busy={list.state === "loading"}>
        <h2 id="users-results" className="sr-only">
          Users
        </h2>
        {list.state === "loading" && !data && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {list.state === "failed" && (
          <div className="load-failed">
            <p>We could not load the users.</p>
            <button type="button" className="button" onClick={list.retry}>
              Try again
            </button>
          </div>
        )}
        {data && (
          <p className="admin-totals" aria-live="polite">
            {data.count.toLocaleString("en-NG")} {data.count === 1 ? "user" : "users"}
          </p>
        )}
        {data && data.count === 0 && <p>No users match.</p>}
        {data && data.count > 0 && data.results.length === 0 && (
          <div className="empty-state">
            <p>There is no page {page}.</p>
            <button type="button" className="button secondary" onClick={() => show({ page: 1 })}>
              Go to page 1
            </button>
          </div>
        )}
        {data && data.results.length > 0 && (
          <table className={`admin-table users-table ${list.state === "loading" ? "stale" : ""}`}>
            <caption className="sr-only">Users, page {page}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Role</th>
                <th scope="col">Account</th>
                <th scope="col">May transact</th>
                <th scope="col">Wallet number</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((user) => (
                <UserLine key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        )}
        {data && data.count > 0 && (
          <Pager page={page} pages={pageCount(data)} onPage={(p) => show({ page: p })} />
        )}
      </section>
    </div>
  );
}

function UserLine({ user }: { user: UserSummary }) {
  return (
    <tr>
      <td data-label="Name" className="admin-table-key">
        <Link href={`/manage-users/${user.id}`}>{fullName(user)}</Link>
      </td>
      <td data-label="Email" className="wrap-anywhere">
        {user.email}
      </td>
      <td data-label="Phone" className="mono">
        {user.phone}
      </td>
      <td data-label="Role">{roleLabels[user.role]}</td>
      <td data-label="Account">
        <ActiveBadge active={user.is_active} />
      </td>
      <td data-label="May transact">{user.can_transact ? "Yes" : "No"}</td>
      <td data-label="Wallet number" className="mono">
        {user.wallet_number ?? "—"}
      </td>
      <td data-label="Joined">{formatDate(user.date_joined)}</td>
    </tr>
  );
}
