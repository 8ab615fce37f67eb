import { useState } from "react";
import { describeFailure } from "../../../../machines/actionFailure";
import type { WebhookDelivery } from "../../../../schemas/webhookDeliveryViews";
import type { DeveloperApi } from "../../../api/developerApi";
import { LoadFailed } from "../../../components/LoadFailed";
import { Pager, pageCount } from "../../../components/Pager";
import { formatDateTime } from "../../../format/formatDateTime";
import type { useDeliveries } from "./useDeliveries";

const events: Record<WebhookDelivery["event"], string> = {
  "purchase.settled": "Purchase settled",
  test: "Test event",
};
const statuses: Record<WebhookDelivery["status"], string> = {
  pending: "Trying",
  delivered: "Delivered",
  failed: "Failed",
};

/** What the receiver last answered: its HTTP status, or why no answer came. */
const lastAnswer = (d: WebhookDelivery) =>
  d.last_status !== null ? String(d.last_status) : (d.last_error ?? "None yet");

/**
 * The webhooks sent for the account's keys, newest first: status, event, purchase reference, tries,
 * the last answer and when, with Resend on each (a new delivery of the same body to the key's URL as
 * it is now). On a phone each row stands as a small card (developer.css).
 */
export function DeliveriesSection({
  api,
  deliveries,
}: {
  api: DeveloperApi;
  deliveries: ReturnType<typeof useDeliveries>;
}) {
  const { list, data, page, setPage } = deliveries;
  const [resending, setResending] = useState<string | null>(null);
  const [refused, setRefused] = useState<{ id: string; message: string } | null>(null);
  const resend = async (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    setRefused(null);
    try {
      await api.resend(delivery.id);
      list.retry();
    } catch (error) {
      setRefused({ id: delivery.id, message: describeFailure(error).message });
    } finally {
      setResending(null);
    }
  };
  return (
    <section className="card" aria-labelledby="deliveries" aria-busy={list.state === "loading" && !data}>
      <h2 id="deliveries">Webhook deliveries</h2>
      {!data && list.state === "loading" && (
        <p role="status" className="muted">
          Loading the deliveries…
        </p>
      )}
      {list.state === "failed" && (
        <LoadFailed message="We could not load the deliveries." retry={list.retry} />
      )}
      {data && data.count === 0 && (
        <p className="empty-state">None yet. Give a key a webhook URL and send a test event.</p>
      )}
      {data && data.results.length > 0 && (
        <table className="deliveries">
          <caption className="sr-only">Webhook deliveries, newest first, page {page}</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Event</th>
              <th scope="col">Reference</th>
              <th scope="col">Tries</th>
              <th scope="col">Last answer</th>
              <th scope="col">When</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((d) => (
              <tr key={d.id}>
                <td data-label="Status">
                  <span className={`delivery-status ${d.status}`}>{statuses[d.status]}</span>
                </td>
                <td data-label="Event">{events[d.event]}</td>
                <td data-label="Reference">
                  <span className="mono keep-whole">{d.reference ?? "None"}</span>
                </td>
                <td data-label="Tries">{d.attempts}</td>
                <td data-label="Last answer" className="long-value">
                  {lastAnswer(d)}
                </td>
                <td data-label="When" className="keep-whole">
                  {formatDateTime(d.delivered_at ?? d.last_attempt_at ?? d.created_at)}
                </td>
                <td data-label="">
                  <button
                    type="button"
                    className="button secondary"
                    disabled={resending !== null}
                    onClick={() => resend(d)}
                    aria-label={`Resend ${events[d.event]} ${d.reference ?? ""} of ${formatDateTime(d.created_at)}`}
                  >
                    {resending === d.id ? "Resending…" : "Resend"}
                  </button>
                  {refused?.id === d.id && (
                    <p className="field-error" role="alert">
                      {refused.message}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.count > data.page_size && (
        <Pager page={page} pages={pageCount(data)} onPage={setPage} label="Pages of deliveries" />
      )}
    </section>
  );
}
