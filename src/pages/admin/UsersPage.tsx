import { type FormEvent, useCallback, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { type Role, role as roleSchema } from "../../../schemas/common";
import type { UserSummary } from "../../../schemas/users";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom, searchFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { ChoiceFilter } from "../../components/ChoiceFilter";
import { lazyPage } from "../../components/lazyPage";
import { PagedResults } from "../../components/PagedResults";
import { SearchField, useSearchDraft } from "../../components/SearchField";
import { formatCount } from "../../format/formatCount";
import { formatDate } from "../../format/formatDate";
import { ActiveBadge } from "./ActiveBadge";
import { fullName, roleLabels } from "./accountLabels";
import "./admin.css";
import { ColumnHeads } from "../../components/ColumnHeads";

// The form (and react-hook-form with it) loads only when an admin opens it.
const InviteStaffForm = lazyPage(() => import("./InviteStaffForm"));

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
  const [draft, setDraft] = useSearchDraft(search);
  const [inviting, setInviting] = useState(false);
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

  return (
    <div className="admin-page">
      <h1>Manage users</h1>
      {inviting ? (
        <InviteStaffForm
          onInvited={() => {
            setInviting(false);
            list.retry();
          }}
          onClose={() => setInviting(false)}
        />
      ) : (
        <button type="button" className="button secondary" onClick={() => setInviting(true)}>
          Invite staff
        </button>
      )}

      <form className="card admin-filters users-filters" aria-label="Find users" onSubmit={submitSearch}>
        <SearchField
          label="Search name, email, phone or wallet number"
          value={draft}
          onChange={setDraft}
          className="admin-search"
        />
        <ChoiceFilter
          label="Role"
          value={role}
          choices={roleSchema.options}
          labels={roleLabels}
          onChange={(role) => show({ role })}
        />
      </form>

      <PagedResults
        title="Users"
        list={list}
        page={page}
        onPage={(p) => show({ page: p })}
        failed="We could not load the users."
        none={<p>No users match.</p>}
        summary={(data) => (
          <p className="admin-totals" aria-live="polite">
            {formatCount(data.count)} {data.count === 1 ? "user" : "users"}
          </p>
        )}
      >
        {(rows, stale) => (
          <div className="admin-table-scroll">
            <table className={`admin-table users-table ${stale ? "stale" : ""}`}>
              <caption className="sr-only">Users, page {page}</caption>
              <ColumnHeads
                columns={[
                  "Name",
                  "Email",
                  "Phone",
                  "Role",
                  "Account",
                  "May transact",
                  "Wallet number",
                  "Joined",
                ]}
              />
              <tbody>
                {rows.map((user) => (
                  <UserLine key={user.id} user={user} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResults>
    </div>
  );
}

function UserLine({ user }: { user: UserSummary }) {
  return (
    <tr>
      <td data-label="Name" className="admin-table-key">
        <Link href={`/manage-users/${user.id}`}>{fullName(user)}</Link>
      </td>
      <td data-label="Email" className="keep-whole">
        {user.email}
      </td>
      <td data-label="Phone" className="mono keep-whole">
        {user.phone}
      </td>
      <td data-label="Role">{roleLabels[user.role]}</td>
      <td data-label="Account">
        <ActiveBadge active={user.is_active} />
      </td>
      <td data-label="May transact">{user.can_transact ? "Yes" : "No"}</td>
      <td data-label="Wallet number" className="mono keep-whole">
        {user.wallet_number ?? "—"}
      </td>
      <td data-label="Joined">{formatDate(user.date_joined)}</td>
    </tr>
  );
}
