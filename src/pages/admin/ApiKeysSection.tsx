import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import type { ApiKey, OwnedApiKey } from "../../../schemas/apiKeyViews";
import { useAdminServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { useLoad } from "../../app/useLoad";
import { ChoiceFilter } from "../../components/ChoiceFilter";
import { ColumnHeads } from "../../components/ColumnHeads";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PagedResults } from "../../components/PagedResults";
import { formatDate } from "../../format/formatDate";
import { formatDateTime } from "../../format/formatDateTime";

type Shown = "true" | "false";
const shownLabels: Record<Shown, string> = { true: "Live", false: "Revoked" };

/**
 * Every customer's API keys, newest first, each live one with Revoke behind a confirmation: a leaked
 * key is stopped from here at once (audited as api_key.revoke). Its page is kept here rather than in
 * the address, which belongs to the API users list above it.
 */
export function ApiKeysSection({ onRevoked }: { onRevoked: () => void }) {
  const { admin } = useAdminServices();
  const [live, setLive] = useState<Shown | undefined>();
  const [page, setPage] = useState(1);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const keys = useLoad(
    useCallback(() => admin.apiKeys({ page, ...(live && { live }) }), [admin, page, live]),
  );

  // A revoked key loses its button, which held focus; once the list has it revoked, focus goes to
  // this section's heading rather than falling to the top of the page.
  const refocus = useRef(false);
  // The rows, not the state: a quick reload can go ready → loading → ready within one render.
  const loaded = keys.state === "ready" ? keys.data : undefined;
  useEffect(() => {
    if (!loaded || !refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [loaded]);

  const flow = useConfirmAction<OwnedApiKey, ApiKey>({
    send: ({ draft }) => admin.revokeApiKey(draft.id),
    // The API client has shown the server's "Key revoked."; both lists count live keys.
    onDone: () => {
      refocus.current = true;
      keys.retry();
      onRevoked();
    },
  });
  const revoking = flow.draft;

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        API keys
      </h2>
      <form className="card admin-filters" aria-label="Filter API keys" onSubmit={(e) => e.preventDefault()}>
        <ChoiceFilter
          label="Show keys"
          value={live}
          choices={["true", "false"] as const}
          labels={shownLabels}
          onChange={(choice) => {
            setLive(choice);
            setPage(1);
          }}
        />
      </form>

      <PagedResults
        title="Keys"
        list={keys}
        page={page}
        onPage={setPage}
        pagerLabel="Pages of API keys"
        failed="We could not load the API keys."
        none={<p>{live ? `No ${shownLabels[live].toLowerCase()} keys.` : "No API keys yet."}</p>}
      >
        {(rows, stale) => (
          <div className="admin-table-scroll">
            <table className={`admin-table ${stale ? "stale" : ""}`}>
              <caption className="sr-only">API keys, newest first, page {page}</caption>
              <ColumnHeads columns={["Key", "Owner", "Made", "Last used", "State"]} />
              <tbody>
                {rows.map((key) => (
                  <KeyLine key={key.id} apiKey={key} onRevoke={() => flow.review(key)} busy={flow.sending} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResults>

      <ConfirmDialog
        flow={flow}
        title={`Revoke “${revoking?.name ?? "this key"}”?`}
        confirmLabel="Revoke key"
        busyLabel="Revoking…"
        danger
      >
        {revoking && (
          <p>
            Calls with <code>ojk_{revoking.prefix}_…</code> of {revoking.owner.name} are refused from now on.
            A revoked key cannot be brought back; they can make a new one.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function KeyLine({ apiKey, onRevoke, busy }: { apiKey: OwnedApiKey; onRevoke: () => void; busy: boolean }) {
  const { owner } = apiKey;
  return (
    <tr>
      <td data-label="Key">
        <span className="stacked">
          <strong>{apiKey.name}</strong>
          <span className="mono keep-whole">ojk_{apiKey.prefix}</span>
        </span>
      </td>
      <td data-label="Owner">
        <span className="stacked">
          <Link href={`/manage-users/${owner.id}`}>{owner.name}</Link>
          <span className="muted keep-whole">{owner.email}</span>
        </span>
      </td>
      <td data-label="Made" className="keep-whole">
        {formatDate(apiKey.created_at)}
      </td>
      <td data-label="Last used" className="keep-whole">
        {apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : "Never"}
      </td>
      {/* The state with its date or its button beside it: a column of its own for the button left the
          table too wide for a laptop beside the sidebar. */}
      <td data-label="State" className="keep-whole">
        {apiKey.revoked_at ? (
          <>
            <span className="state-badge state-off">Revoked</span>{" "}
            <span className="muted">{formatDate(apiKey.revoked_at)}</span>
          </>
        ) : (
          <>
            <span className="state-badge state-on">Live</span>{" "}
            <button
              type="button"
              className="button secondary danger"
              aria-label={`Revoke ${apiKey.name} (ojk_${apiKey.prefix}) of ${owner.name}`}
              disabled={busy}
              onClick={onRevoke}
            >
              Revoke
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
