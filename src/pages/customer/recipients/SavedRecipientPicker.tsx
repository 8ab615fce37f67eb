import { useState } from "react";
import type { Beneficiary, BeneficiaryKind } from "../../../../schemas/beneficiaries";
import { recipientLabel } from "./recipientLabel";
import { useSavedRecipients } from "./useSavedRecipients";
import "./recipients.css";

/**
 * The customer's saved recipients of one kind, offered first in a wizard: choosing one fills in the
 * recipient's fields. Nothing is drawn when there are none, or when they could not be read (the form
 * below works the same without them).
 */
export function SavedRecipientPicker({
  kind,
  onPick,
}: {
  kind: BeneficiaryKind;
  onPick: (recipient: Beneficiary) => void;
}) {
  const saved = useSavedRecipients();
  const [picked, setPicked] = useState<string | null>(null);
  const mine = saved.state === "ready" ? saved.data.filter((b) => b.kind === kind) : [];
  if (mine.length === 0) return null;
  return (
    <fieldset className="saved-recipients">
      <legend>Saved recipients</legend>
      <ul>
        {mine.map((b) => (
          <li key={b.id}>
            <button
              type="button"
              className="saved-recipient"
              aria-pressed={picked === b.id}
              onClick={() => {
                setPicked(b.id);
                onPick(b);
              }}
            >
              {recipientLabel(b)}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
