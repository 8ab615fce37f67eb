import { Link } from "wouter";
import type { BulkBatchDetail } from "../../../../schemas/bulk";
import { saveFile } from "../../../app/saveFile";
import { formatNaira } from "../../../format/money";
import { kindLabels } from "./bulkCatalogue";
import { bulkResultsCsv, bulkResultsCsvName, bulkStatusLabels } from "./bulkResultsCsv";
import { rowBought } from "./whatItBuys";

/** What a row took from the wallet: nothing to show once its money came back, or before it is placed. */
const paid = (row: BulkBatchDetail["rows"][number]) =>
  row.total !== null && (row.status === "successful" || row.status === "pending")
    ? formatNaira(row.total)
    : "—";

const counts = (batch: BulkBatchDetail): [string, number][] => [
  ["Successful", batch.successful],
  ["Pending", batch.pending],
  ["Failed", batch.failed],
  ["Waiting", batch.queued],
];

/** A batch: the bar and counts while it runs, then each row's outcome and the results as CSV. */
export function BulkBatchView({
  batch,
  lostTouch,
  onAgain,
}: {
  batch: BulkBatchDetail;
  lostTouch: boolean;
  onAgain: () => void;
}) {
  const finished = batch.status === "finished";
  return (
    <section className="card bulk-batch" aria-labelledby="bulk-batch-title">
      <h2 id="bulk-batch-title">
        {kindLabels[batch.kind]} for {batch.count} {batch.count === 1 ? "number" : "numbers"}:{" "}
        {finished ? "finished" : "buying"}
      </h2>
      <label className="bulk-progress">
        <span aria-live="polite">
          {batch.done} of {batch.count} placed
        </span>
        <progress max={batch.count} value={batch.done} />
      </label>
      <dl className="bulk-counts">
        {counts(batch).map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
        <div>
          <dt>Charged</dt>
          <dd>{formatNaira(batch.charged)}</dd>
        </div>
      </dl>
      {lostTouch && (
        <p className="bulk-stale" role="status">
          We could not reach OjaPay just now; still trying. The batch goes on either way.
        </p>
      )}
      {!finished && (
        <p className="muted">You may leave this page: the batch goes on, and this address shows it again.</p>
      )}
      {finished && (
        <>
          <table className="bulk-table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Number</th>
                <th scope="col">What</th>
                <th scope="col">Paid</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {batch.rows.map((row) => (
                <tr key={row.row} className={row.status === "successful" ? undefined : "bulk-row-bad"}>
                  <td data-label="Line">{row.row}</td>
                  <td data-label="Number">{row.phone}</td>
                  <td data-label="What">{rowBought(row)}</td>
                  <td data-label="Paid">{paid(row)}</td>
                  <td data-label="Outcome">
                    <span>
                      {row.reference ? (
                        <Link href={`/transaction-history/${row.reference}`}>
                          {bulkStatusLabels[row.status]}
                        </Link>
                      ) : (
                        bulkStatusLabels[row.status]
                      )}
                      {row.msg && <span className="bulk-row-message">{row.msg}</span>}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="wizard-actions">
            <button
              type="button"
              className="button secondary"
              onClick={() => saveFile(bulkResultsCsv(batch), bulkResultsCsvName(batch))}
            >
              Download results (CSV)
            </button>
            <button type="button" className="button" onClick={onAgain}>
              Start another batch
            </button>
          </div>
        </>
      )}
    </section>
  );
}
