import { useId } from "react";
import type { ProviderChangeBody, ProviderView } from "../../../../schemas/providers";
import { formatCount } from "../../../format/formatCount";
import { formatDateTime } from "../../../format/formatDateTime";
import { formatNaira } from "../../../format/money";
import { SchemaForm } from "../../../forms/SchemaForm";
import { DetailFact } from "../DetailFact";
import { providerSettings } from "./providerSettings";
import { circuitWords, millis } from "./providerWords";
import { Refusal } from "./Refusal";

interface ProviderCardProps {
  provider: ProviderView;
  /** A change that saves at once (the switch, closing the circuit); a refusal shows on the card. */
  change: (body: ProviderChangeBody) => void;
  /** The settings form's save, which shows its own refusals under its fields. */
  saveSettings: (body: ProviderChangeBody) => Promise<unknown>;
  busy: boolean;
  refusal: unknown;
}

/** One provider: whether we buy from it, its circuit, its balance, its last half hour and its settings. */
export function ProviderCard({ provider: p, change, saveSettings, busy, refusal }: ProviderCardProps) {
  const headingId = useId();
  const switchId = useId();
  const { circuit, health } = p;
  return (
    <section className="card provider-card" aria-labelledby={headingId}>
      <div className="provider-card-head">
        <h2 id={headingId}>{p.label}</h2>
        <div className="field provider-switch">
          <label htmlFor={switchId}>Buy from {p.label}</label>
          <span className="schema-switch">
            <input
              id={switchId}
              type="checkbox"
              // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; ARIA in HTML says not to repeat it.
              role="switch"
              checked={!p.switched_off}
              aria-describedby={p.switched_off ? `${switchId}-off` : undefined}
              onChange={(event) => change({ switched_off: !event.target.checked })}
              disabled={busy}
            />
            <span className="schema-switch-state" aria-hidden="true" />
          </span>
        </div>
      </div>
      {p.switched_off && (
        <p id={`${switchId}-off`} className="admin-failure provider-off">
          Switched off: purchases go to the next provider of their route.
        </p>
      )}
      {refusal !== undefined && <Refusal error={refusal} />}

      <dl className="admin-facts compact">
        <DetailFact label="Circuit">
          <span className={`provider-circuit ${circuit.state}`}>{circuitWords[circuit.state]}</span>
          {circuit.open_until && circuit.state === "open" && (
            <span className="muted"> until {formatDateTime(circuit.open_until)}</span>
          )}
          <span className="muted provider-circuit-rule">
            {formatCount(circuit.failures_in_row)} failed in a row; opens after{" "}
            {formatCount(circuit.failures_to_open)}, for {formatCount(circuit.open_minutes)} minutes.
          </span>
          {circuit.state !== "closed" && (
            <button
              type="button"
              className="button secondary provider-close-circuit"
              disabled={busy}
              onClick={() => change({ close_circuit: true })}
            >
              Close {p.label}'s circuit
            </button>
          )}
        </DetailFact>
        <DetailFact label="Balance">
          {p.balance === null ? (
            <span className="provider-balance-error">{p.balance_error ?? "Not read yet."}</span>
          ) : (
            <span className={`provider-balance ${p.low ? "low" : ""}`}>{formatNaira(p.balance)}</span>
          )}
          {p.low && (
            <strong className="provider-low"> Low: below {formatNaira(p.low_balance_warning)}</strong>
          )}
          {p.balance_checked_at && (
            <span className="muted provider-read-at">Read {formatDateTime(p.balance_checked_at)}</span>
          )}
        </DetailFact>
      </dl>

      <h3 className="provider-subheading">Last {health.window_minutes} minutes</h3>
      <dl className="provider-health">
        <HealthFigure label="Delivered" value={formatCount(health.successful)} />
        <HealthFigure label="Failed" value={formatCount(health.failed)} />
        <HealthFigure label="Unclear" value={formatCount(health.unclear)} />
        <HealthFigure
          label="Delivered share"
          value={health.success_percent === null ? "—" : `${health.success_percent}%`}
        />
        <HealthFigure label="p50" value={millis(health.p50_ms)} />
        <HealthFigure label="p95" value={millis(health.p95_ms)} />
      </dl>

      <h3 className="provider-subheading">Settings</h3>
      <SchemaForm
        schema={providerSettings}
        values={{
          low_balance_warning: p.low_balance_warning,
          min_success_percent: p.min_success_percent,
          circuit_failures: circuit.failures_to_open,
          circuit_minutes: circuit.open_minutes,
        }}
        onlyChanges
        submitLabel={`Save ${p.label}'s settings`}
        onSubmit={saveSettings}
      />
    </section>
  );
}

function HealthFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
