import { useId, useRef, useState } from "react";
import type { z } from "zod/mini";
import { planTypeLabels } from "../../../../schemas/catalogue";
import type { PlanSyncBody, PlanSyncReport, PlanSyncRow, planSyncResult } from "../../../../schemas/planSync";
import { ApiFailure, showOnScreen } from "../../../api/client";
import { useAdminServices } from "../../../app/AppServices";
import { useConfirmAction } from "../../../app/useConfirmAction";
import { ColumnHeads } from "../../../components/ColumnHeads";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { formatNaira, parseNaira } from "../../../format/money";
import { isBelowCost, reasonRefusal, SellAtLossStep } from "./SellAtLossStep";

const stateLabels: Record<PlanSyncRow["state"], string> = {
  new: "New",
  changed: "Cost changed",
  gone: "Gone",
  same: "Same",
};
const typedNaira = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type Choice = { picked: boolean; price: string };
type Phase =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; report: PlanSyncReport };

/**
 * "Sync from provider" on a network's plans, for the provider staff choose: its plans beside ours
 * (new, changed in cost, gone), matched by its offers' codes, and importing what staff choose. Our
 * price stays ours; the provider's amount becomes its offer's cost. The server fetches the provider's
 * list again on import: nothing here is trusted for money.
 */
export function PlanSyncPanel({
  networkId,
  providers,
  onImported,
}: {
  networkId: number;
  /** The providers with a data id for this network: the ones whose plans can be listed. */
  providers: ReadonlyArray<{ provider: string; label: string }>;
  onImported: () => void;
}) {
  const { admin } = useAdminServices();
  const headingId = useId();
  const providerId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const provider = chosen ?? providers[0]?.provider ?? "";
  const providerLabel = providers.find((p) => p.provider === provider)?.label ?? provider;
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [errors, setErrors] = useState<{ byCode: Record<string, string>; general: string | null }>({
    byCode: {},
    general: null,
  });
  const importButton = useRef<HTMLButtonElement>(null);
  // The import the pricing rule refused as below cost, waiting for "Sell at a loss" and a reason.
  const [loss, setLoss] = useState<{ draft: PlanSyncBody; msg: string; failure: string | null } | null>(null);

  const show = (report: PlanSyncReport) => {
    setPhase({ kind: "ready", report });
    setChoices(
      Object.fromEntries(
        report.rows.map((row) => [
          row.code,
          {
            picked: false,
            price: row.provider_cost === null ? "" : typedNaira.format(row.provider_cost / 100),
          },
        ]),
      ),
    );
    setErrors({ byCode: {}, general: null });
  };
  const load = async () => {
    setPhase({ kind: "loading" });
    try {
      show(await admin.planSync(networkId, provider));
    } catch (error) {
      showOnScreen(error);
      setPhase({
        kind: "failed",
        message: error instanceof ApiFailure ? error.msg : "We could not reach the provider.",
      });
    }
  };

  const rows = phase.kind === "ready" ? phase.report.rows : [];
  const picked = rows.filter((row) => choices[row.code]?.picked);
  const body = {
    control_id: networkId,
    provider,
    import: picked
      .filter((row) => row.state === "new" || row.state === "changed")
      .map((row) =>
        row.state === "new"
          ? { code: row.code, price: parseNaira(choices[row.code]?.price ?? "") ?? -1 }
          : { code: row.code },
      ),
    switch_off: picked.flatMap((row) => (row.state === "gone" && row.plan ? [row.plan.id] : [])),
  };
  const badPrice = picked.find(
    (row) => row.state === "new" && parseNaira(choices[row.code]?.price ?? "") === null,
  );
  const counts = {
    created: picked.filter((r) => r.state === "new").length,
    updated: picked.filter((r) => r.state === "changed").length,
    off: body.switch_off.length,
  };

  const flow = useConfirmAction<PlanSyncBody, z.infer<typeof planSyncResult>>({
    send: ({ draft }) => admin.applyPlanSync(draft),
    onDone: (result) => {
      setLoss(null);
      show(result.report);
      onImported();
    },
    onRefused: (error, sent) => {
      // Every refusal of an import is said on the panel: by its plan, in the loss step or above the list.
      showOnScreen(error);
      if (sent.sell_at_loss) {
        setLoss((waiting) => waiting && { ...waiting, failure: reasonRefusal(error) });
        return;
      }
      if (isBelowCost(error)) setLoss({ draft: sent, msg: error.msg, failure: null });
      // `import.2.price` names the third plan sent: put its message by that plan.
      const byCode: Record<string, string> = {};
      const fields = error instanceof ApiFailure ? (error.fields ?? {}) : {};
      for (const [path, messages] of Object.entries(fields)) {
        const index = Number(path.split(".")[1]);
        const code = sent.import[index]?.code;
        if (code && messages[0]) byCode[code] = messages[0];
      }
      const general = error instanceof ApiFailure ? error.msg : "The import did not go through.";
      setErrors({ byCode, general: Object.keys(byCode).length ? null : general });
    },
  });
  const sending = flow.sending;

  const choose = (code: string, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [code]: { ...(all[code] ?? { picked: false, price: "" }), ...change } }));
  const listed = rows.filter((row) => row.state !== "same");
  const unchanged = rows.length - listed.length;

  return (
    <section
      className="card plan-sync"
      aria-labelledby={headingId}
      aria-busy={phase.kind === "loading" || sending}
    >
      <div className="plan-list-head">
        <h2 id={headingId}>A provider's plans</h2>
        <div className="sync-provider">
          <label htmlFor={providerId}>Provider</label>
          <select
            id={providerId}
            value={provider}
            onChange={(e) => {
              setChosen(e.target.value);
              setPhase({ kind: "idle" });
            }}
          >
            {providers.map((p) => (
              <option key={p.provider} value={p.provider}>
                {p.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button secondary"
            onClick={load}
            disabled={phase.kind === "loading" || provider === ""}
          >
            {phase.kind === "loading" ? `Asking ${providerLabel}…` : "Sync from provider"}
          </button>
        </div>
      </div>
      {phase.kind === "idle" && (
        <p className="muted">
          See {providerLabel}'s plans beside ours, and import new ones with its offer, or its new costs.
        </p>
      )}
      {phase.kind === "loading" && (
        <p role="status" className="muted">
          Asking {providerLabel} for its plans…
        </p>
      )}
      {phase.kind === "failed" && (
        <p role="alert" className="field-error">
          {phase.message}
        </p>
      )}
      {phase.kind === "ready" && (
        <>
          <p className="muted">
            {providerLabel}, {phase.report.service_id}:{" "}
            {listed.length === 0 ? "our plans match the provider's." : "choose what to take."}
          </p>
          {listed.length > 0 && (
            <table className="admin-table plan-sync-table">
              <caption className="sr-only">{providerLabel}'s plans beside ours</caption>
              <ColumnHeads columns={["Plan", "State", "Type", "Provider's cost", "Ours", "Take it"]} />
              <tbody>
                {listed.map((row) => (
                  <SyncRow
                    key={row.code}
                    row={row}
                    providerLabel={providerLabel}
                    choice={choices[row.code] ?? { picked: false, price: "" }}
                    error={errors.byCode[row.code]}
                    onChange={(change) => choose(row.code, change)}
                  />
                ))}
              </tbody>
            </table>
          )}
          {unchanged > 0 && (
            <p className="muted">
              {unchanged} {unchanged === 1 ? "plan is" : "plans are"} the same at the provider.
            </p>
          )}
          {errors.general && (
            <p role="alert" className="field-error">
              {errors.general}
            </p>
          )}
          {badPrice && (
            <p role="alert" className="field-error">
              Write our price for {badPrice.code} in naira, like 1,500.
            </p>
          )}
          {listed.length > 0 && (
            <button
              ref={importButton}
              type="button"
              className="button"
              disabled={picked.length === 0 || badPrice !== undefined || sending}
              onClick={() => {
                setLoss(null);
                flow.review(body);
              }}
            >
              Import selected
            </button>
          )}
          {loss && (
            <SellAtLossStep
              refusal={loss.msg}
              busy={sending}
              failure={loss.failure}
              onConfirm={(confirmation) => flow.confirm({ ...loss.draft, sell_at_loss: confirmation })}
              onCancel={() => {
                importButton.current?.focus();
                setLoss(null);
              }}
            />
          )}
        </>
      )}
      <ConfirmDialog
        flow={flow}
        title={`Import from ${providerLabel}?`}
        confirmLabel="Import"
        busyLabel="Importing…"
      >
        <p>
          {counts.created} new {counts.created === 1 ? "plan" : "plans"} at our prices with {providerLabel}'s
          offer, {counts.updated} with its new cost, {counts.off} of its offers switched off. Customers see
          the change at once.
        </p>
        {sending && (
          <p role="status" className="muted">
            Importing…
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function SyncRow({
  row,
  providerLabel,
  choice,
  error,
  onChange,
}: {
  row: PlanSyncRow;
  providerLabel: string;
  choice: Choice;
  error: string | undefined;
  onChange: (change: Partial<Choice>) => void;
}) {
  const priceId = useId();
  const errorId = useId();
  const name = row.provider_name ?? row.plan?.name ?? row.code;
  const action =
    row.state === "new"
      ? `Import ${row.code}`
      : row.state === "changed"
        ? `Take ${providerLabel}'s cost for ${row.code}`
        : `Switch off ${providerLabel}'s offer for ${row.code}`;
  return (
    <tr>
      <td data-label="Plan" className="admin-table-key">
        {name}
        <div className="muted mono">{row.code}</div>
      </td>
      <td data-label="State">{stateLabels[row.state]}</td>
      <td data-label="Type">{row.plan_type ? planTypeLabels[row.plan_type] : ""}</td>
      <td data-label="Provider's cost" className="numeric">
        {row.provider_cost === null ? "Not sold" : formatNaira(row.provider_cost)}
      </td>
      <td data-label="Ours">
        {row.plan
          ? `${formatNaira(row.plan.price)}${row.offer_cost === null ? "" : ` (its cost now ${formatNaira(row.offer_cost)})`}`
          : "None"}
      </td>
      <td data-label="Take it">
        {row.state === "new" && !row.suggested ? (
          <span className="muted">Add it by hand: its name does not say its size and validity.</span>
        ) : (
          <label className="sync-choice">
            <input
              type="checkbox"
              checked={choice.picked}
              onChange={(e) => onChange({ picked: e.target.checked })}
            />{" "}
            {action}
          </label>
        )}
        {row.state === "new" && row.suggested && (
          <div className="sync-price">
            <label htmlFor={priceId}>Our price for {row.code} (₦)</label>
            <input
              id={priceId}
              inputMode="decimal"
              value={choice.price}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => onChange({ price: e.target.value })}
            />
          </div>
        )}
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}
