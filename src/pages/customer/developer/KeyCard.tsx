import { useState } from "react";
import { describeFailure } from "../../../../machines/actionFailure";
import type { ApiKey } from "../../../../schemas/apiKeyViews";
import type { DeveloperApi } from "../../../api/developerApi";
import { formatDate } from "../../../format/formatDate";
import { formatDateTime } from "../../../format/formatDateTime";
import { formatNaira } from "../../../format/money";

type TestEvent =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "sent" }
  | { state: "failed"; message: string };

/**
 * One key: its name and prefix (the key itself is never shown again), when it was made and last used,
 * its limits, webhook URL and addresses; for a live key, Edit webhook URL, Send test event and Revoke.
 * The test event's outcome is said here, beside its button, in the server's words.
 */
export function KeyCard({
  api,
  apiKey,
  onEditWebhook,
  onRevoke,
  onDelivery,
}: {
  api: DeveloperApi;
  apiKey: ApiKey;
  onEditWebhook: () => void;
  onRevoke: () => void;
  onDelivery: () => void;
}) {
  const [test, setTest] = useState<TestEvent>({ state: "idle" });
  const live = !apiKey.revoked_at;
  const webhookLabel = apiKey.webhook_url ? "Edit webhook URL" : "Set webhook URL";
  const sendTest = async () => {
    setTest({ state: "sending" });
    try {
      await api.sendTestEvent(apiKey.id);
      setTest({ state: "sent" });
      onDelivery();
    } catch (error) {
      setTest({ state: "failed", message: describeFailure(error).message });
    }
  };
  return (
    <li className={`key-card ${live ? "" : "revoked"}`}>
      <h3>
        {apiKey.name} {!live && <span className="key-badge">Revoked</span>}
      </h3>
      <dl className="key-facts">
        <dt>Key</dt>
        <dd className="mono">ojk_{apiKey.prefix}_…</dd>
        <dt>Created</dt>
        <dd>{formatDate(apiKey.created_at)}</dd>
        <dt>Last used</dt>
        <dd>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : "Never"}</dd>
        {apiKey.revoked_at && (
          <>
            <dt>Revoked</dt>
            <dd>{formatDateTime(apiKey.revoked_at)}</dd>
          </>
        )}
        <dt>Rate limit</dt>
        <dd>
          {apiKey.rate_per_second} calls a second, bursts of {apiKey.burst}
        </dd>
        <dt>Daily cap</dt>
        <dd>{apiKey.daily_cap === null ? "None" : formatNaira(apiKey.daily_cap)}</dd>
        <dt>Webhook URL</dt>
        <dd className="long-value">{apiKey.webhook_url ?? "None"}</dd>
        <dt>Allowed addresses</dt>
        <dd className="long-value">{apiKey.allowed_ips.length ? apiKey.allowed_ips.join(", ") : "Any"}</dd>
      </dl>
      {live && (
        <div className="key-actions">
          <button
            type="button"
            className="button secondary"
            onClick={onEditWebhook}
            aria-label={`${webhookLabel} of ${apiKey.name}`}
          >
            {webhookLabel}
          </button>
          {apiKey.webhook_url && (
            <button
              type="button"
              className="button secondary"
              disabled={test.state === "sending"}
              aria-label={`${test.state === "sending" ? "Sending" : "Send test event"} to ${apiKey.name}`}
              onClick={sendTest}
            >
              {test.state === "sending" ? "Sending…" : "Send test event"}
            </button>
          )}
          <button
            type="button"
            className="button secondary danger"
            onClick={onRevoke}
            aria-label={`Revoke ${apiKey.name}`}
          >
            Revoke
          </button>
        </div>
      )}
      <p className="key-test-outcome" role="status">
        {test.state === "sent" && "Test event sent: see Webhook deliveries below."}
      </p>
      {test.state === "failed" && (
        <p className="field-error" role="alert">
          {test.message}
        </p>
      )}
    </li>
  );
}
