import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { useSearchParams } from "wouter";
import type { AuditEntry } from "../../../schemas/admin";
import { useAdminServices } from "../../app/AppServices";
import { pageFrom } from "../../app/listAddress";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { LoadFailed } from "../../components/LoadFailed";
import { Pager, pageCount } from "../../components/Pager";
import { formatDateTime } from "../../format/formatDateTime";
import "./console.css";

/** Every action the server writes to the audit log. */
export const auditActions = [
  "user.update",
  "wallet.fund",
  "transaction.refund",
  "transaction.requery",
  "catalogue.update",
  "plan.create",
  "plan.update",
  "plan.delete",
  "emergency.update",
  "notification.send",
  "circular.create",
] as const;

type Filters = { actor?: string; action?: string; page: number };

/** The address holds the filters, so Back, a refresh and a shared link show the same entries. */
function readFilters(params: URLSearchParams): Filters {
  const actor = params.get("actor")?.trim().slice(0, 100);
  const action = params.get("action");
  return {
    ...(actor && { actor }),
    ...(action && (auditActions as readonly string[]).includes(action) && { action }),
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
  const [draft, setDraft] = useState(actor ?? "");
  const ids = { actor: useId(), action: useId(), results: useId() };
  usePageTitle("Audit log");

  // Back or a link can change the actor under the box; the box follows the address.
  useEffect(() => setDraft(actor ?? ""), [actor]);

  const list = useLoad(useCallback(() => admin.audit({ page, actor, action }), [admin, page, actor, action]));

  const show = (change: Partial<Filters>) => {
    // A new filter starts again at page 1; only the pager passes a page.
    setParams(toParams({ ...filters, page: 1, ...change }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ actor: draft.trim() || undefined });
  };

  const data = list.state === "failed" ? undefined : list.data;
  const pages = data ? pageCount(data) : 1;

  return (
    <div className="console-page">
      <h1>Audit log</h1>

      <form className="card filters" aria-label="Filter the audit log" onSubmit={submit}>
        <div className="filter-fields">
          <div className="field">
            <label htmlFor={ids.actor}>Actor</label>
            <div className="search-row">
              <input
                id={ids.actor}
                type="search"
                value={draft}
                maxLength={100}
                placeholder="Part of an email or name"
                onChange={(e) => setDraft(e.target.value)}
              />
              <button type="submit" className="button">
                Search
              </button>
            </div>
          </div>
          <div className="field">
            <label htmlFor={ids.action}>Action</label>
            <select
              id={ids.action}
              value={action ?? ""}
              onChange={(e) => show({ action: e.target.value || undefined })}
            >
              <option value="">All</option>
              {auditActions.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
        </div>
      </form>

      <section className="card" aria-labelledby={ids.results} aria-busy={list.state === "loading"}>
        <h2 id={ids.results} className="sr-only">
          Entries
        </h2>
        {list.state === "loading" && !data && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {list.state === "failed" && (
          <LoadFailed message="We could not load the audit log." retry={list.retry} />
        )}
        {data && data.results.length === 0 && (
          <div className="empty-state">
            <p>{data.count === 0 ? "No entries match." : `There is no page ${page}.`}</p>
            {(actor || action || page > 1) && (
              <button
                type="button"
                className="button secondary"
                onClick={() => setParams(new URLSearchParams())}
              >
                Clear filters
              </button>
            )}
          </div>
        )}
        {data && data.results.length > 0 && (
          <ul className={`console-list ${list.state === "loading" ? "stale" : ""}`}>
            {data.results.map((entry) => (
              <li key={entry.id}>
                <AuditRecord entry={entry} />
              </li>
            ))}
          </ul>
        )}
        {data && (page > 1 || pages > 1) && (
          <Pager page={page} pages={pages} onPage={(next) => show({ page: next })} />
        )}
      </section>
    </div>
  );
}

/** Before and after as people read them: indented JSON, or a word when there was nothing. */
function pretty(value: unknown): string {
  if (value === null || value === undefined) return "(nothing)";
  return JSON.stringify(value, null, 2);
}

function AuditRecord({ entry }: { entry: AuditEntry }) {
  const hasChanges = entry.before != null || entry.after != null;
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
            {entry.target_type}
            {entry.target_id && <span className="code"> {entry.target_id}</span>}
          </dd>
        </div>
      </dl>
      {hasChanges && (
        <details className="changes">
          <summary>Show changes</summary>
          <div className="change-pair">
            <div>
              <p className="record-meta">Before</p>
              <pre>{pretty(entry.before)}</pre>
            </div>
            <span className="change-arrow" aria-hidden="true">
              →
            </span>
            <div>
              <p className="record-meta">After</p>
              <pre>{pretty(entry.after)}</pre>
            </div>
          </div>
        </details>
      )}
    </article>
  );
}
