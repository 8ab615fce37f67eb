import type { Dispatch, SetStateAction } from "react";
import type { TvProvider } from "../../../../schemas/catalogue";
import { SelectField as Choice } from "../../../components/SelectField";
import { TextField } from "../../../components/TextField";
import type { ScheduleDraft as Draft } from "./scheduleDraft";
import { weekdays } from "./scheduleWords";

interface FieldsProps {
  draft: Draft;
  errors: Record<string, string>;
  onChange: Dispatch<SetStateAction<Draft>>;
}

/** How often and when, in Lagos: daily, a weekday, or a day of the month (past a month's end, its last). */
export function CalendarFields({ draft, errors, onChange }: FieldsProps) {
  const set = (key: keyof Draft) => (value: string) => onChange((d) => ({ ...d, [key]: value }));
  return (
    <>
      <Choice
        label="How often"
        value={draft.every}
        onChange={(every) => onChange((d) => ({ ...d, every, day: "1" }))}
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
    </>
  );
}

/** A TV renewal: the provider, the smartcard (checked with the provider when it is scheduled) and how early. */
export function TvRenewalFields({
  draft,
  errors,
  providers,
  onChange,
}: FieldsProps & { providers: TvProvider[] }) {
  const set = (key: keyof Draft) => (value: string) => onChange((d) => ({ ...d, [key]: value }));
  return (
    <>
      <Choice
        label="TV provider"
        value={draft.provider}
        onChange={set("provider")}
        error={errors.provider_id}
        options={[
          { value: "", label: "Choose a provider" },
          ...providers.filter((p) => p.enabled).map((p) => ({ value: String(p.id), label: p.name })),
        ]}
      />
      <TextField
        label="Smartcard number"
        inputMode="numeric"
        autoComplete="off"
        value={draft.smartcard}
        onChange={(e) => set("smartcard")(e.target.value)}
        error={errors.smartcard ?? errors.plan_id}
        hint="Its bouquet is renewed, from your wallet, before each due date the provider gives."
      />
      <Choice
        label="Renew how early"
        value={draft.daysBefore}
        onChange={set("daysBefore")}
        error={errors.days_before}
        options={Array.from({ length: 7 }, (_, i) => ({
          value: String(i + 1),
          label: `${i + 1} day${i === 0 ? "" : "s"} before the due date`,
        }))}
      />
    </>
  );
}
