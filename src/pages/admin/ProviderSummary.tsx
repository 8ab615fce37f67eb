import { useCallback, useId } from "react";
import { Link } from "wouter";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { LoadStatus } from "../../components/LoadStatus";
import { formatNaira } from "../../format/money";
import { circuitWords, successWords } from "./providers/providerWords";

/**
 * Each provider in a line on the admin's dashboard: its balance, whether that is low, its circuit and
 * how much it delivered in the last half hour; the Providers page has the rest and the settings.
 */
export function ProviderSummary() {
  const { admin } = useAdminServices();
  const overview = useLoad(useCallback(() => admin.providers(), [admin]));
  const headingId = useId();
  const data = overview.state === "failed" ? undefined : overview.data;

  return (
    <section
      className="card provider-summary"
      aria-labelledby={headingId}
      aria-busy={overview.state === "loading"}
    >
      <h2 id={headingId}>Providers</h2>
      <LoadStatus
        load={overview}
        loading="Loading the providers…"
        failed="We could not read the providers."
      />
      {data && (
        <>
          {data.simulated && <p className="muted">Simulated: no real money.</p>}
          <ul className="provider-summary-list">
            {data.providers.map((p) => (
              <li key={p.name}>
                <strong>{p.label}</strong>
                {p.switched_off && <span className="provider-summary-off"> (switched off)</span>}
                <span className={`provider-balance ${p.low ? "low" : ""}`}>
                  {p.balance === null ? "Balance not read" : formatNaira(p.balance)}
                  {p.low && " · low"}
                </span>
                <span className="muted">
                  Circuit {circuitWords[p.circuit.state].toLowerCase()} · {successWords(p.health)}
                </span>
              </li>
            ))}
          </ul>
          <Link href="/providers">Open Providers</Link>
        </>
      )}
    </section>
  );
}
