import { useCallback, useId } from "react";
import { providerSettingsBody } from "../../../schemas/operations";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { LoadFailed } from "../../components/LoadFailed";
import { formatDateTime } from "../../format/formatDateTime";
import { formatNaira } from "../../format/money";
import { SchemaForm } from "../../forms/SchemaForm";

/**
 * The business's wallet at the provider (VTpass), read by the server at most once a minute, against
 * the level below which the admin wants warning, which they set here.
 */
export function ProviderPanel() {
  const { admin } = useAdminServices();
  const status = useLoad(useCallback(() => admin.provider(), [admin]));
  const headingId = useId();
  const data = status.state === "failed" ? undefined : status.data;

  return (
    <section
      className="card provider-panel"
      aria-labelledby={headingId}
      aria-busy={status.state === "loading"}
    >
      <h2 id={headingId}>Provider wallet</h2>
      {status.state === "loading" && !data && (
        <p role="status" className="muted">
          Asking the provider…
        </p>
      )}
      {status.state === "failed" && (
        <LoadFailed message="We could not read the provider's status." retry={status.retry} />
      )}
      {data && (
        <>
          {data.simulated && <p className="muted">Simulated: no real money.</p>}
          {data.balance === null ? (
            <p role="status" className="provider-balance-error">
              {data.balance_error ?? "The balance could not be read."}
            </p>
          ) : (
            <p role="status" className={`provider-balance ${data.low ? "low" : ""}`}>
              <strong className="big">{formatNaira(data.balance)}</strong>
              {data.low && (
                <span> Below your warning level of {formatNaira(data.low_balance_threshold)}.</span>
              )}
            </p>
          )}
          <p className="muted">
            {data.provider_label}, checked at {formatDateTime(data.checked_at)}.{" "}
            <button type="button" className="link-button" onClick={status.retry}>
              Check again
            </button>
          </p>
          <SchemaForm
            schema={providerSettingsBody}
            values={{ low_balance_threshold: data.low_balance_threshold }}
            submitLabel="Save warning level"
            onSubmit={async (body) => {
              await admin.setProviderSettings(body);
              status.retry();
            }}
          />
        </>
      )}
    </section>
  );
}
