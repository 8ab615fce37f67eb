import { Link } from "wouter";
import type { StaffDispute } from "../../../../schemas/disputes";
import { disputeReasonLabels } from "../../../../schemas/disputeView";
import { formatDateTime } from "../../../format/formatDateTime";
import { formatNaira } from "../../../format/money";
import { fullName } from "../accountLabels";
import { disputeStatusLabels, requeryLabels } from "./disputeLabels";

/** One dispute: its purchase, customer, what they said, the provider's answer and the clock. */
export function DisputeRecord({ dispute: d, onResolve }: { dispute: StaffDispute; onResolve: () => void }) {
  return (
    <article className="record dispute" aria-label={`Dispute of ${d.purchase.reference}`}>
      <div className="record-head">
        <span className="record-title">
          <Link href={`/transactions/${d.purchase.id}`}>{d.purchase.reference}</Link>
        </span>
        {d.overdue ? (
          <span className="pill pill-overdue">Overdue</span>
        ) : (
          <span className={`pill ${d.status === "open" ? "pill-wait" : "pill-off"}`}>
            {disputeStatusLabels[d.status]}
          </span>
        )}
      </div>
      <p className="record-meta">
        {d.purchase.description} · {formatNaira(d.purchase.total)} · bought{" "}
        {formatDateTime(d.purchase.created_at)}
      </p>
      <dl className="dispute-facts">
        <div>
          <dt>Customer</dt>
          <dd>
            {fullName(d.customer)}, {d.customer.email}
          </dd>
        </div>
        <div>
          <dt>Says</dt>
          <dd>
            {disputeReasonLabels[d.reason]}: <q>{d.details}</q>
          </dd>
        </div>
        <div>
          <dt>Provider, asked again</dt>
          <dd>
            {d.requery
              ? `${requeryLabels[d.requery.status]}${d.requery.message ? ` (${d.requery.message})` : ""}, ${formatDateTime(d.requery.at)}`
              : "Not answered: requery it from the transaction"}
          </dd>
        </div>
        <div>
          <dt>Opened</dt>
          <dd>{formatDateTime(d.opened_at)}</dd>
        </div>
        {d.status === "open" ? (
          <div>
            <dt>Answer by</dt>
            <dd className={d.overdue ? "overdue" : undefined}>
              {formatDateTime(d.deadline)}
              {d.overdue && " (past its deadline)"}
            </dd>
          </div>
        ) : (
          <div>
            <dt>Closed</dt>
            <dd>
              {d.resolved_at ? formatDateTime(d.resolved_at) : ""}
              {d.resolved_by ? ` by ${d.resolved_by}` : " by the requery"}
              {d.redelivery_reference && `; sent again as ${d.redelivery_reference}`}
              {d.note && (
                <>
                  : <q>{d.note}</q>
                </>
              )}
            </dd>
          </div>
        )}
      </dl>
      {d.status === "open" && (
        <div className="admin-actions">
          <button type="button" className="button" onClick={onResolve}>
            Resolve
          </button>
        </div>
      )}
    </article>
  );
}
