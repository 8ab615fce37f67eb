import { useCallback, useState } from "react";
import type { SmsOutcomesSetting as Setting, SmsSettings } from "../../../../schemas/sms";
import { ApiFailure } from "../../../api/client";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import "./sms.css";

const choices: Array<[Setting, string]> = [
  ["electricity", "Electricity purchases only"],
  ["all", "Every purchase"],
  ["off", "None (prepaid tokens still come by SMS)"],
];

/** The profile's "Purchase outcomes by SMS": saved as soon as a choice is made. */
export function SmsOutcomesSetting() {
  const { customer } = useCustomerServices();
  const loaded = useLoad(useCallback(async () => (await customer.sms()).settings(), [customer]));
  const [saved, setSaved] = useState<SmsSettings | null>(null);
  const [said, setSaid] = useState<{ text: string; refused: boolean } | null>(null);
  const settings = saved ?? (loaded.state === "ready" ? loaded.data : null);

  async function choose(outcomes: Setting) {
    setSaid(null);
    try {
      setSaved(await (await customer.sms()).chooseOutcomes({ sms_outcomes: outcomes }));
      setSaid({ text: "Saved.", refused: false });
    } catch (error) {
      if (error instanceof ApiFailure) error.showOnScreen();
      setSaid({
        text: error instanceof ApiFailure ? error.msg : "Your choice could not be saved.",
        refused: true,
      });
    }
  }

  if (loaded.state === "failed") return <p className="muted">Your SMS settings could not be loaded.</p>;
  if (!settings)
    return (
      <p role="status" className="muted">
        Loading your SMS settings…
      </p>
    );
  if (!settings.sms_on) return <p>This OjaPay sends receipts and tokens by email only.</p>;
  return (
    <div className="sms-outcomes">
      <fieldset>
        <legend>Tell me the outcome of a purchase by SMS for</legend>
        {choices.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="sms_outcomes"
              value={value}
              checked={settings.sms_outcomes === value}
              onChange={() => void choose(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {said && (
        <p role={said.refused ? "alert" : "status"} className={said.refused ? "field-error" : "muted"}>
          {said.text}
        </p>
      )}
    </div>
  );
}
