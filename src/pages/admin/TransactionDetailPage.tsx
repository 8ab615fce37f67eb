import { useCallback } from "react";
import { Link } from "wouter";
import { z } from "zod/mini";
import { refundBody, type StaffTransactionDetail } from "../../../schemas/staff";
import { transactionStatus } from "../../../schemas/transactions";
import { ApiFailure } from "../../api/client";
import { useAdminServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { useReasonDialog } from "../../app/useReasonDialog";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadFailed } from "../../components/LoadFailed";
import { ReasonField } from "../../components/TextAreaField";
import { TokenBox } from "../../components/TokenBox";
import { kindLabels, StatusBadge } from "../../components/TransactionLabels";
import { formatDateTime } from "../../format/formatDateTime";
import { formatNaira } from "../../format/money";
import { useSession } from "../../session/useSession";
import { fullName } from "./accountLabels";
import { DeliveredPinsTable } from "./DeliveredPinsTable";
import { DetailFact } from "./DetailFact";
import { ProviderAttempts } from "./ProviderAttempts";
import "./admin.css";

const uuid = z.uuid();

/** One transaction as staff see it: whose it is, what was bought, what happened to it, and what to do. */
export default function TransactionDetailPage({ id }: { id: string }) {
  const { admin } = useAdminServices();
  // An id that is not a UUID cannot name a transaction; say so without asking the server.
  const validId = uuid.safeParse(id).success;
  const detail = useLoad(
    useCallback(
      () =>
        validId ? admin.transaction(id) : Promise.reject(new ApiFailure(404, "No transaction with that id.")),
      [admin, id, validId],
    ),
  );
  const data = detail.state === "failed" ? undefined : detail.data;
  const notFound =
    detail.state === "failed" && detail.error instanceof ApiFailure && detail.error.status === 404;
  usePageTitle(data ? `Transaction ${data.reference}` : "Transaction");

  return (
    <div className="admin-page">
      <h1>{data ? `Transaction ${data.reference}` : "Transaction"}</h1>
      {detail.state === "loading" && !data && <p role="status">Loading…</p>}
      {notFound && (
        <div className="card load-failed">
          <p>No transaction with that id.</p>
        </div>
      )}
      {detail.state === "failed" && !notFound && (
        <LoadFailed message="We could not load this transaction." retry={detail.retry} />
      )}
      {data && <Detail transaction={data} reload={detail.retry} />}
    </div>
  );
}

function Detail({ transaction: t, reload }: { transaction: StaffTransactionDetail; reload: () => void }) {
  const { admin } = useAdminServices();
  const { profile } = useSession();
  // Asking the provider again changes nothing by itself, so it needs no question.
  const requery = useConfirmAction<{ id: string }, unknown>({
    send: ({ draft }) => admin.requery(draft.id),
    onDone: reload,
  });
  const refund = useRefund(t, reload);

  return (
    <>
      <section className="card" aria-labelledby="txn-status">
        <h2 id="txn-status">Status</h2>
        <p className="admin-status-line">
          <StatusBadge status={t.status} />
          <span className="muted">Updated {formatDateTime(t.updated_at)}</span>
        </p>
        {t.provider_standing && (
          <p className="admin-standing">
            At the provider: <strong>{t.provider_standing}</strong>
          </p>
        )}
        {t.failure_reason && <p className="admin-failure">{t.failure_reason}</p>}
        {(t.can_refund || t.can_requery) && (
          <div className="admin-actions">
            {t.can_refund && (
              <button type="button" className="button danger" onClick={refund.open}>
                Refund
              </button>
            )}
            {t.can_requery && (
              <button
                type="button"
                className="button secondary"
                disabled={requery.sending}
                onClick={() => requery.confirm({ id: t.id })}
              >
                {requery.sending ? "Asking the provider…" : "Requery"}
              </button>
            )}
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="txn-customer">
        <h2 id="txn-customer">Customer</h2>
        <dl className="admin-facts">
          <DetailFact label="Name">{fullName(t.customer)}</DetailFact>
          <DetailFact label="Email">{t.customer.email}</DetailFact>
          <DetailFact label="Phone">{t.customer.phone}</DetailFact>
        </dl>
        {/* Manage users is admin-only; staff would only meet "Not for your role" behind this link. */}
        {profile?.role === "admin" && (
          <Link href={`/manage-users/${t.customer.id}`}>View {fullName(t.customer)}'s account</Link>
        )}
      </section>

      <section className="card" aria-labelledby="txn-product">
        <h2 id="txn-product">Product</h2>
        {t.token && <TokenBox token={t.token} units={t.units} />}
        <dl className="admin-facts">
          <DetailFact label="Date and time">{formatDateTime(t.created_at)}</DetailFact>
          <DetailFact label="Kind">{kindLabels[t.kind]}</DetailFact>
          <DetailFact label="Description">{t.description}</DetailFact>
          {t.product && <DetailFact label="Product">{t.product}</DetailFact>}
          {t.recipient && (
            <DetailFact label="Recipient">
              <span className="mono">{t.recipient}</span>
            </DetailFact>
          )}
          {t.customer_name && <DetailFact label="Name on the account">{t.customer_name}</DetailFact>}
          <DetailFact label="Amount">{formatNaira(t.amount)}</DetailFact>
          <DetailFact label="Discount">{formatNaira(t.discount)}</DetailFact>
          <DetailFact label="Fee">{formatNaira(t.fee)}</DetailFact>
          <DetailFact label="Total">
            <strong>{formatNaira(t.total)}</strong>
          </DetailFact>
          <DetailFact label="Cost">{formatNaira(t.cost)}</DetailFact>
          <DetailFact label="Provider">{t.provider_label ?? t.provider ?? "—"}</DetailFact>
          <DetailFact label="Provider reference">
            <span className="mono">{t.provider_reference ?? "—"}</span>
          </DetailFact>
          {t.balance_before !== null && (
            <DetailFact label="Balance before">{formatNaira(t.balance_before)}</DetailFact>
          )}
          {t.balance_after !== null && (
            <DetailFact label="Balance after">{formatNaira(t.balance_after)}</DetailFact>
          )}
        </dl>
      </section>

      {t.pins && t.pins.length > 0 && <DeliveredPinsTable pins={t.pins} />}

      <ProviderAttempts attempts={t.attempts} />

      <section className="card" aria-labelledby="txn-history">
        <h2 id="txn-history">Status history</h2>
        {t.events.length === 0 ? (
          <p className="muted">Nothing has been recorded yet.</p>
        ) : (
          <ol className="admin-events">
            {t.events.map((event, index) => {
              const known = transactionStatus.safeParse(event.status);
              return (
                // Events have no id of their own; they only ever grow at the end, so the index is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>
                  <div className="admin-event-head">
                    {known.success ? <StatusBadge status={known.data} /> : <strong>{event.status}</strong>}
                    <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                  </div>
                  {event.note && <p>{event.note}</p>}
                  <p className="muted">{event.actor ? `By ${event.actor}` : "By OjaPay (automatic)"}</p>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <ConfirmDialog
        flow={refund.flow}
        title="Refund this purchase?"
        confirmLabel={`Refund ${formatNaira(t.total)}`}
        busyLabel="Refunding…"
        danger
        onSubmit={refund.submit}
      >
        <p>
          {formatNaira(t.total)} goes back to {fullName(t.customer)}'s wallet. This cannot be undone.
        </p>
        <ReasonField
          maxLength={200}
          error={refund.form.formState.errors.reason?.message}
          {...refund.form.register("reason")}
        />
      </ConfirmDialog>
    </>
  );
}

/** Refunding: the reason is written in the dialog itself, then sent once. */
function useRefund(t: StaffTransactionDetail, reload: () => void) {
  const { admin } = useAdminServices();
  const refund = useReasonDialog<string>({
    schema: refundBody,
    send: (id, reason) => admin.refund(id, reason),
    reload,
  });
  return { ...refund, open: () => refund.open(t.id) };
}
