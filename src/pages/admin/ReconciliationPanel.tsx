import { useCallback, useId, useState } from "react";
import { type ReconciliationRun, reconcileBody } from "../../../schemas/operations";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { LoadFailed } from "../../components/LoadFailed";
import { formatCount } from "../../format/formatCount";
import { formatDate } from "../../format/formatDate";
import { formatDateTime } from "../../format/formatDateTime";
import { lagosYesterday } from "../../format/lagosCalendar";
import { formatNaira } from "../../format/money";
import { SchemaForm } from "../../forms/SchemaForm";

const statusWords: Record<ReconciliationRun["status"], string> = {
  running: "Running",
  done: "Done",
  failed: "Failed",
};

/**
 * The daily comparison of the gateway's successful payments with our credits: the latest run in
 * full (what it credited that no webhook had, what matches nothing), older ones in brief, and a way
 * to run any day again.
 */
export function ReconciliationPanel() {
  const { admin } = useAdminServices();
  const runs = useLoad(useCallback(() => admin.reconciliations(), [admin]));
  const [running, setRunning] = useState(false);
  const headingId = useId();
  const list = runs.state === "failed" ? undefined : runs.data?.runs;
  const [latest, ...older] = list ?? [];
  const yesterday = lagosYesterday();

  return (
    <section
      className="card reconciliation-panel"
      aria-labelledby={headingId}
      aria-busy={runs.state === "loading" || running}
    >
      <h2 id={headingId}>Reconciliation</h2>
      <p className="muted">
        Every night the gateway's successful payments of the day before are compared with our credits, and any
        we missed are credited.
      </p>
      {runs.state === "loading" && !list && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {runs.state === "failed" && (
        <LoadFailed message="We could not load the reconciliations." retry={runs.retry} />
      )}
      {list && !latest && <p>No reconciliation has run yet.</p>}
      {latest && <RunDetails run={latest} />}
      {older.length > 0 && (
        <ul className="reconciliation-older">
          {older.map((run) => (
            <li key={run.day}>
              {formatDate(run.day)}: {statusWords[run.status]}, {formatCount(run.checked)} checked,{" "}
              {formatCount(run.credited)} credited
              {run.unmatched.length > 0 ? `, ${formatCount(run.unmatched.length)} unmatched` : ""}
            </li>
          ))}
        </ul>
      )}
      <h3>Run a day</h3>
      {running && (
        <p role="status" className="muted">
          Comparing the gateway's payments with ours…
        </p>
      )}
      <SchemaForm
        schema={reconcileBody}
        values={{ day: yesterday }}
        submitLabel="Run reconciliation"
        disabled={running}
        onSubmit={async ({ day }) => {
          setRunning(true);
          try {
            await admin.reconcile(day);
          } finally {
            setRunning(false);
            runs.retry();
          }
        }}
      />
    </section>
  );
}

function RunDetails({ run }: { run: ReconciliationRun }) {
  return (
    <div className="reconciliation-latest">
      <p role="status">
        <strong>
          {formatDate(run.day)}: {statusWords[run.status]}
        </strong>
      </p>
      <dl className="stat-list">
        <div>
          <dt>Payments the gateway listed</dt>
          <dd>{formatCount(run.checked)}</dd>
        </div>
        <div>
          <dt>Credited only by this run</dt>
          <dd>
            {formatCount(run.credited)} ({formatNaira(run.credited_amount)})
          </dd>
        </div>
        <div>
          <dt>Run</dt>
          <dd>
            {run.ran_by ? `By ${run.ran_by.email}` : "On schedule"}, {formatDateTime(run.started_at)}
          </dd>
        </div>
      </dl>
      {run.error && (
        <p className="field-error" role="alert">
          {run.error}
        </p>
      )}
      {run.unmatched.length > 0 && (
        <div className="reconciliation-unmatched">
          <p>These gateway payments match no funding of ours. Look them up on the gateway's dashboard:</p>
          <ul>
            {run.unmatched.map((reference) => (
              <li key={reference} className="mono">
                {reference}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
