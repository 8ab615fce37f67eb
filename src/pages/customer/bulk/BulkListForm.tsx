import { type ChangeEvent, type FormEvent, useId } from "react";
import type { BulkKind } from "../../../../schemas/bulk";
import { SelectField } from "../../../components/SelectField";
import { describedBy, FieldNotes, TextField } from "../../../components/TextField";
import { formatNaira } from "../../../format/money";
import type { BulkOffers } from "./bulkCatalogue";
import { kindLabels } from "./bulkCatalogue";

/** What the customer typed or chose above the list, as typed. */
export interface BulkDraft {
  kind: BulkKind;
  network: string;
  amount: string;
  plan: string;
  text: string;
}

const formats: Record<BulkKind, string> = {
  airtime: "One number a line: the number alone, or number, network, amount (e.g. 08031234567, MTN, 500).",
  data: "One number a line: the number alone, or number, plan (its name or id), or number, network, plan.",
};

/**
 * The list and what applies to its bare numbers: the kind, a default network and amount (airtime)
 * or plan (data), the numbers pasted or read from a CSV file into the same box so they can be fixed.
 */
export function BulkListForm({
  draft,
  offers,
  errors,
  locked,
  onChange,
  onCheck,
}: {
  draft: BulkDraft;
  offers: BulkOffers;
  errors: { amount?: string | undefined; text?: string | undefined };
  /** While the PIN is asked for and the batch starts, the list stays as checked. */
  locked: boolean;
  onChange: (draft: BulkDraft) => void;
  onCheck: () => void;
}) {
  // The console's TextAreaField lives with the console's code; this page's one text area is written out.
  const listId = useId();
  const set = (change: Partial<BulkDraft>) => onChange({ ...draft, ...change });
  const networks = offers[draft.kind].networks.map((n) => ({ value: String(n.id), label: n.name }));
  const plans = offers.data.dataPlans
    .filter((plan) => String(plan.control_id) === draft.network)
    .map((plan) => ({
      value: String(plan.id),
      label: `${plan.name}, ${plan.validity}: ${formatNaira(plan.price)}`,
    }));
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) set({ text: await file.text() });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCheck();
  };
  return (
    <form className="card bulk-list" noValidate onSubmit={submit}>
      <fieldset className="bulk-fields" disabled={locked}>
        <legend className="sr-only">Your list</legend>
        <fieldset className="bulk-kinds">
          <legend>What to buy</legend>
          {offers.kinds.map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name="bulk-kind"
                value={kind}
                checked={draft.kind === kind}
                onChange={() => set({ kind, network: "", plan: "" })}
              />
              {kindLabels[kind]}
            </label>
          ))}
        </fieldset>
        <p className="field-hint">For lines that give only a number:</p>
        <div className="bulk-defaults">
          <SelectField
            label="Network"
            value={draft.network}
            onChange={(network) => set({ network, plan: "" })}
            options={networks}
            empty="Each line says"
          />
          {draft.kind === "airtime" ? (
            <TextField
              label="Amount for each (₦)"
              inputMode="decimal"
              value={draft.amount}
              onChange={(event) => set({ amount: event.target.value })}
              error={errors.amount}
            />
          ) : (
            <SelectField
              label="Plan"
              value={draft.plan}
              onChange={(plan) => set({ plan })}
              options={plans}
              empty={draft.network ? "Each line says" : "Choose a network first"}
            />
          )}
        </div>
        <div className="field">
          <label htmlFor={listId}>Phone numbers</label>
          <textarea
            id={listId}
            rows={8}
            spellCheck={false}
            value={draft.text}
            onChange={(event) => set({ text: event.target.value })}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={describedBy(listId, true, errors.text)}
          />
          <FieldNotes
            id={listId}
            hint={`${formats[draft.kind]} Up to ${offers.maxRows} lines.`}
            error={errors.text}
          />
        </div>
        <div className="field">
          <label htmlFor="bulk-file">Or read a CSV file</label>
          <input id="bulk-file" type="file" accept=".csv,text/csv,text/plain" onChange={readFile} />
        </div>
        <button type="submit" className="button">
          Check
        </button>
      </fieldset>
    </form>
  );
}
