import { type FormEvent, useId, useState } from "react";
import type { Every, Schedule } from "../../../../schemas/schedules";
import { ApiFailure } from "../../../api/client";
import type { ScheduleApi } from "../../../api/scheduleApi";
import { describedBy, FieldNotes, TextField } from "../../../components/TextField";
import { TransactionPinField } from "../../../components/TransactionPinField";
import { formatNaira, parseNaira } from "../../../format/money";
import type { BulkOffers } from "../bulk/bulkCatalogue";
import { weekdays } from "./scheduleWords";

type Draft = Record<
  "kind" | "network" | "plan" | "phone" | "amount" | "every" | "day" | "at" | "pin",
  string
>;
const empty: Draft = {
  kind: "airtime",
  network: "",
  plan: "",
  phone: "",
  amount: "",
  every: "month",
  day: "1",
  at: "08:00",
  pin: "",
};

function Choice({
  label,
  value,
  onChange,
  options,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** A new schedule: what to buy, for whom, how often and when (Lagos time), and the PIN that authorises its runs. */
export function ScheduleForm({
  api,
  offers,
  onMade,
}: {
  api: ScheduleApi;
  offers: BulkOffers;
  onMade: (made: Schedule) => void;
}) {
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const networks = offers[draft.kind === "data" ? "data" : "airtime"].networks;
  const plans = offers.data.plans.filter((p) => String(p.network_id) === draft.network);
  const planPrice = (id: number) => offers.data.dataPlans.find((p) => p.id === id)?.price;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseNaira(draft.amount);
    if (draft.kind === "airtime" && amount === null)
      return setErrors({ amount: "Enter an amount in naira, like 500." });
    const calendar = {
      every: draft.every as Every,
      at: draft.at,
      ...(draft.every !== "day" && { day: Number(draft.day) }),
    };
    const order =
      draft.kind === "airtime"
        ? {
            kind: "airtime" as const,
            network_id: Number(draft.network),
            phone: draft.phone,
            amount: amount ?? 0,
          }
        : { kind: "data" as const, plan_id: Number(draft.plan), phone: draft.phone };
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const made = await api.create({ ...order, ...calendar, pin: draft.pin });
      setDraft({ ...empty, kind: draft.kind });
      onMade(made);
    } catch (error) {
      const fields = error instanceof ApiFailure ? error.fields : undefined;
      const named = Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v[0] ?? ""]));
      setErrors(named);
      // Said once: under its field when the server named one, else here.
      if (Object.keys(named).length === 0)
        setFailure(error instanceof Error ? error.message : "That did not work.");
      setDraft((d) => ({ ...d, pin: "" }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card schedule-form" onSubmit={submit} noValidate aria-labelledby="new-schedule">
      <h2 id="new-schedule">New schedule</h2>
      <Choice
        label="What to buy"
        value={draft.kind}
        onChange={(kind) => setDraft({ ...draft, kind, network: "", plan: "" })}
        options={[
          { value: "airtime", label: "Airtime" },
          { value: "data", label: "Data" },
        ]}
      />
      <Choice
        label="Network"
        value={draft.network}
        onChange={(network) => setDraft({ ...draft, network, plan: "" })}
        error={errors.network_id}
        options={[
          { value: "", label: "Choose a network" },
          ...networks.map((n) => ({ value: String(n.id), label: n.name })),
        ]}
      />
      {draft.kind === "data" && (
        <Choice
          label="Plan"
          value={draft.plan}
          onChange={set("plan")}
          error={errors.plan_id}
          options={[
            { value: "", label: "Choose a plan" },
            ...plans.map((p) => ({
              value: String(p.id),
              label: `${p.name} · ${formatNaira(planPrice(p.id) ?? 0)}`,
            })),
          ]}
        />
      )}
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        value={draft.phone}
        onChange={(e) => set("phone")(e.target.value)}
        error={errors.phone}
      />
      {draft.kind === "airtime" && (
        <TextField
          label="Amount (₦)"
          inputMode="decimal"
          value={draft.amount}
          onChange={(e) => set("amount")(e.target.value)}
          error={errors.amount}
        />
      )}
      <Choice
        label="How often"
        value={draft.every}
        onChange={(every) => setDraft({ ...draft, every, day: "1" })}
        error={errors.every}
        options={[
          { value: "day", label: "Daily" },
          { value: "week", label: "Weekly" },
          { value: "month", label: "Monthly" },
        ]}
      />
      {draft.every === "week" && (
        <Choice
          label="Day of the week"
          value={draft.day}
          onChange={set("day")}
          error={errors.day}
          options={weekdays.map((name, i) => ({ value: String(i + 1), label: name }))}
        />
      )}
      {draft.every === "month" && (
        <Choice
          label="Day of the month"
          value={draft.day}
          onChange={set("day")}
          error={errors.day}
          options={Array.from({ length: 31 }, (_, i) => ({
            value: String(i + 1),
            label: i >= 28 ? `${i + 1} (or the month's last day)` : String(i + 1),
          }))}
        />
      )}
      <TextField
        label="Time (Lagos)"
        type="time"
        value={draft.at}
        onChange={(e) => set("at")(e.target.value)}
        error={errors.at}
      />
      <TransactionPinField
        value={draft.pin}
        onChange={(e) => set("pin")(e.target.value)}
        error={errors.pin}
        hint="Asked once: it authorises every run of this schedule."
      />
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Scheduling…" : "Schedule"}
      </button>
    </form>
  );
}
