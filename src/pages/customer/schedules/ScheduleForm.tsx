import { type FormEvent, useState } from "react";
import type { TvProvider } from "../../../../schemas/catalogue";
import type { Schedule } from "../../../../schemas/schedules";
import { ApiFailure } from "../../../api/client";
import type { ScheduleApi } from "../../../api/scheduleApi";
import { SelectField as Choice } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import { TransactionPinField } from "../../../components/TransactionPinField";
import { formatNaira } from "../../../format/money";
import type { BulkOffers } from "../bulk/bulkCatalogue";
import { CalendarFields, TvRenewalFields } from "./ScheduleFields";
import { bodyOf, type ScheduleDraft as Draft, emptyDraft as empty } from "./scheduleDraft";

/** A new schedule: what to buy, for whom, how often and when (Lagos time), and the PIN that authorises its runs. */
export function ScheduleForm({
  api,
  offers,
  tvProviders,
  onMade,
}: {
  api: ScheduleApi;
  offers: BulkOffers;
  tvProviders: TvProvider[];
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
    const made = bodyOf(draft);
    if ("field" in made) return setErrors({ [made.field]: made.msg });
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const schedule = await api.create(made.body);
      setDraft({ ...empty, kind: draft.kind });
      onMade(schedule);
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
          { value: "tv_renewal", label: "TV renewal" },
        ]}
      />
      {draft.kind === "tv_renewal" ? (
        <TvRenewalFields draft={draft} errors={errors} providers={tvProviders} onChange={setDraft} />
      ) : (
        <>
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
          <CalendarFields draft={draft} errors={errors} onChange={setDraft} />
        </>
      )}
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
