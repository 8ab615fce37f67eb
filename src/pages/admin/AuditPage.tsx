import { type FormEvent, useCallback } from "react";
import { Link, useSearchParams } from "wouter";
import { type AuditAction, type AuditEntry, auditAction } from "../../../schemas/admin";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { ChoiceFilter, ClearFilters } from "../../components/ChoiceFilter";
import { PagedResults } from "../../components/PagedResults";
import { SearchField, useSearchDraft } from "../../components/SearchField";
import { formatDateTime } from "../../format/formatDateTime";
import { type AuditCell, type ChangeRow, changeRows, nothing } from "./audit/auditChanges";
import { auditTargetLink } from "./audit/auditTargetLink";
import "./audit/audit.css";
import "./console.css";
import { ColumnHeads } from "../../components/ColumnHeads";

type Filters = { actor?: string; action?: AuditAction; page: number };

/** The address holds the filters, so Back, a refresh and a shared link show the same entries. */
function readFilters(params: URLSearchParams): Filters {
  const actor = params.get("actor")?.trim().slice(0, 100);
  // An action the log does not know (an old or mistyped link) shows every action instead of an error.
  const action = auditAction.safeParse(params.get("action")).data;
  return {
    ...(actor && { actor }),
    ...(action && { action }),
    page: pageFrom(params),
  };
}

function toParams({ actor, action, page }: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (actor) params.set("actor", actor);
  if (action) params.set("action", action);
  if (page > 1) params.set("page", String(page));
  return params;
}

export default function AuditPage() {
  const { admin } = useAdminServices();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { actor, action, page } = filters;
  const [draft, setDraft] = useSearchDraft(actor);
  usePageTitle("Audit log");

  const list = useLoad(useCallback(() => admin.audit({ page, actor, action }), [admin, page, actor, action]));

  const show = (change: Partial<Filters>) => {
    // A new filter starts again at page 1; only the pager passes a page.
    setParams(toParams({ ...filters, page: 1, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ actor: draft.trim() || undefined });
  };

  return (
    <div className="console-page">
      <h1>Audit log</h1>

      <form className="card filters" aria-label="Filter the audit log" onSubmit={submit}>
        <div className="filter-fields">
          <SearchField
            label="Actor"
            value={draft}
            onChange={setDraft}
            placeholder="Part of an email or name"
          />
          <ChoiceFilter
            label="Action"
            value={action}
            choices={auditAction.options}
            onChange={(action) => show({ action })}
          />
        </div>
      </form>

      <PagedResults
        title="Entries"
        list={list}
        page={page}
        onPage={(next) => show({ page: next })}
        failed="We could not load the audit log."
        none={
          actor || action ? (
            <>
              <p>No entries match these filters.</p>
              <ClearFilters setParams={setParams} />
            </>
          ) : (
            <p>No entries yet: each staff and admin change will be listed here.</p>
          )
        }
      >
        {(rows, stale) => (
          <ul className={`console-list ${stale ? "stale" : ""}`}>
            {rows.map((entry) => (
              <li key={entry.id}>
                <AuditRecord entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}

function AuditRecord({ entry }: { entry: AuditEntry }) {
  const rows = changeRows(entry.before, entry.after);
  const link = auditTargetLink(entry.target);
  return (
    <article className="record">
      <div className="record-head">
        <span className="record-title code">{entry.action}</span>
        <time className="record-meta" dateTime={entry.created_at}>
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      <dl>
        <div>
          <dt>Who</dt>
          <dd>
            {entry.actor ? (
              <>
                {entry.actor.name} <span className="record-meta">{entry.actor.email}</span>
              </>
            ) : (
              // Written by the server itself, e.g. the requery worker or start-up.
              "System"
            )}
            {entry.ip && <span className="record-meta"> · from {entry.ip}</span>}
          </dd>
        </div>
        <div>
          <dt>Target</dt>
          <dd>
            {link ? <Link href={link}>{entry.target.label}</Link> : entry.target.label}
            {entry.target.detail && <span className="record-meta"> {entry.target.detail}</span>}
          </dd>
        </div>
      </dl>
      {rows.length > 0 && <ChangeTable rows={rows} />}
    </article>
  );
}

/** Before → after, a row a field: its label, then each value as people read it (naira, Yes/No, dates). */
function ChangeTable({ rows }: { rows: ChangeRow[] }) {
  return (
    <table className="audit-changes">
      <caption className="sr-only">Changes</caption>
      <ColumnHeads columns={["Field", "Before", "After"]} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td data-label="Before">
              <Cell value={row.before} />
            </td>
            <td data-label="After">
              <span className="change-arrow" aria-hidden="true">
                →{" "}
              </span>
              <Cell value={row.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cell({ value }: { value: AuditCell }) {
  if (typeof value === "string") return value;
  if (value.length === 0) return nothing;
  return (
    <ul className="audit-list">
      {value.map((item, index) => (
        // A list's items may repeat (two plans switched off at the same price); their place is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once and never reordered.
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
