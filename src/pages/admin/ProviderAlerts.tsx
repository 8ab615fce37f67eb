import type { ProviderAlert } from "../../../schemas/operations";
import { formatCount } from "../../format/formatCount";
import { formatDateTime } from "../../format/formatDateTime";

/**
 * Trouble with the business's own account at the provider (its wallet too low, its keys refused), at
 * the top of every staff and admin dashboard until a purchase goes through again. Nothing when none.
 */
export function ProviderAlerts({ alerts }: { alerts: readonly ProviderAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <div className="provider-alerts">
      {alerts.map((alert) => (
        <section
          key={`${alert.provider}:${alert.kind}`}
          role="alert"
          className="card provider-alert"
          aria-label={alert.title}
        >
          <h2>{alert.title}</h2>
          <p>{alert.action}</p>
          <p className="muted">
            Since {formatDateTime(alert.since)}, {formatCount(alert.occurrences)}{" "}
            {alert.occurrences === 1 ? "purchase" : "purchases"} refused, the last at{" "}
            {formatDateTime(alert.last_seen)}. The provider said: <span className="mono">{alert.detail}</span>
          </p>
        </section>
      ))}
    </div>
  );
}
