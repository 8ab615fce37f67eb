import { type FormEvent, useId, useState } from "react";
import type { Choice } from "../../../../machines/purchaseMachine";
import { ApiFailure } from "../../../api/client";
import { useCustomerServices } from "../../../app/AppServices";
import { describedBy, FieldNotes } from "../../../components/TextField";
import { recipientOfChoice, savedAs } from "./recipientOfChoice";
import { useSavedRecipients } from "./useSavedRecipients";
import "./recipients.css";

/**
 * "Save this recipient" on the confirm step: a nickname and a button of its own, saved at once and
 * apart from paying (docs/decisions.md). Already saved, it says under which nickname instead.
 */
export function SaveRecipient({ choice }: { choice: Choice }) {
  const { customer } = useCustomerServices();
  const saved = useSavedRecipients();
  const id = useId();
  const [nickname, setNickname] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [savedNow, setSavedNow] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = recipientOfChoice(choice);
  if (!chosen || saved.state !== "ready") return null;
  const already = savedNow ?? savedAs(saved.data, chosen)?.nickname;
  if (already)
    return (
      <p className="save-recipient" role="status">
        Saved as {already}.
      </p>
    );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const made = await (await customer.recipients()).save({ ...chosen, nickname });
      setSavedNow(made.nickname);
      setError(undefined);
    } catch (failure) {
      if (failure instanceof ApiFailure) failure.showOnScreen();
      const field = failure instanceof ApiFailure ? failure.fields?.nickname?.[0] : undefined;
      setError(field ?? (failure instanceof ApiFailure ? failure.msg : "We could not save it. Try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="save-recipient" onSubmit={save} noValidate>
      <div className="field">
        <label htmlFor={id}>Save this recipient as</label>
        <input
          id={id}
          value={nickname}
          maxLength={30}
          autoComplete="off"
          placeholder="e.g. Mum"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error)}
          onChange={(event) => setNickname(event.target.value)}
        />
        <FieldNotes id={id} error={error} />
      </div>
      <button type="submit" className="button secondary" disabled={busy}>
        Save this recipient
      </button>
    </form>
  );
}
