import { useCallback, useState } from "react";
import { type CustomerDispute, disputeWindowMs } from "../../../../schemas/disputeView";
import type { Transaction } from "../../../../schemas/transactions";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { Modal } from "../../../components/Modal";
import { formatDateTime } from "../../../format/formatDateTime";
import { disputeStanding, reasonLabel } from "./disputeWords";
import { ReportProblemForm } from "./ReportProblemForm";
import "./reportProblem.css";

/** Purchases a customer may report: delivered or still pending, within 30 days. */
const reportable = (t: Transaction) =>
  (t.status === "successful" || t.status === "pending") &&
  Date.now() - Date.parse(t.created_at) <= disputeWindowMs;

/**
 * The receipt's "Report a problem": the purchase's dispute as it stands (its own read, so its schema
 * loads with this part, not with every page), and the dialog that opens one when none is open.
 */
export function ReportProblem({ transaction }: { transaction: Transaction }) {
  const { customer } = useCustomerServices();
  const loaded = useLoad(
    useCallback(() => customer.purchaseDispute(transaction.id), [customer, transaction.id]),
  );
  const [made, setMade] = useState<CustomerDispute | null>(null);
  const [open, setOpen] = useState(false);
  if (loaded.state === "loading") return <p role="status">Loading…</p>;
  if (loaded.state === "failed")
    return (
      <section className="report-problem">
        <p>We could not load whether this purchase has a reported problem.</p>
        <button type="button" className="button secondary" onClick={loaded.retry}>
          Try again
        </button>
      </section>
    );
  const dispute = made ?? loaded.data;
  const mayReport = dispute?.status !== "open" && reportable(transaction);
  if (!dispute && !mayReport) return null;
  return (
    <section className="report-problem" aria-labelledby="report-problem">
      <h2 id="report-problem">{dispute ? "Reported problem" : "Something wrong?"}</h2>
      {dispute && <DisputeFacts dispute={dispute} />}
      {mayReport && (
        <button type="button" className="button secondary" onClick={() => setOpen(true)}>
          Report a problem
        </button>
      )}
      <Modal open={open} title="Report a problem" onClose={() => setOpen(false)}>
        <p>
          We ask the provider about this purchase again at once. If it did not deliver, your money comes back;
          otherwise staff answer within 72 hours.
        </p>
        <ReportProblemForm
          transactionId={transaction.id}
          onCancel={() => setOpen(false)}
          onReported={(reported) => {
            setMade(reported);
            setOpen(false);
          }}
        />
      </Modal>
    </section>
  );
}

function DisputeFacts({ dispute }: { dispute: CustomerDispute }) {
  return (
    <dl className="receipt-facts">
      <div className="receipt-fact">
        <dt>Status</dt>
        <dd>
          <strong>{disputeStanding[dispute.status]}</strong>
        </dd>
      </div>
      <div className="receipt-fact">
        <dt>Reported</dt>
        <dd>
          {reasonLabel(dispute.reason)}, {formatDateTime(dispute.opened_at)}
        </dd>
      </div>
      {dispute.status === "open" && (
        <div className="receipt-fact">
          <dt>Answer by</dt>
          <dd>{formatDateTime(dispute.deadline)}</dd>
        </div>
      )}
      {dispute.note && (
        <div className="receipt-fact">
          <dt>Staff note</dt>
          <dd>{dispute.note}</dd>
        </div>
      )}
    </dl>
  );
}
