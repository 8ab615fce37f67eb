import { type FormEvent, useId, useState } from "react";
import type { Beneficiary } from "../../../../schemas/beneficiaries";
import { ApiFailure } from "../../../api/client";
import { useCustomerServices } from "../../../app/AppServices";
import { describedBy, FieldNotes } from "../../../components/TextField";
import { recipientLabel } from "./recipientLabel";
import { useSavedRecipients } from "./useSavedRecipients";
import "./recipients.css";

const wordsOf = (failure: unknown) => {
  if (failure instanceof ApiFailure) {
    failure.showOnScreen();
    return failure.fields?.nickname?.[0] ?? failure.msg;
  }
  return "That did not work. Try again.";
};

/** The profile's list of saved recipients: each renamed or deleted in its own row. */
export function SavedRecipientsSection() {
  const saved = useSavedRecipients();
  if (saved.state === "loading") return <p role="status">Loading your saved recipients…</p>;
  if (saved.state === "failed")
    return (
      <p role="alert">
        We could not load your saved recipients.{" "}
        <button type="button" className="link-button" onClick={saved.retry}>
          Try again
        </button>
      </p>
    );
  if (saved.data.length === 0)
    return <p>None yet. Save a number, smartcard or meter as you confirm a purchase.</p>;
  return (
    <ul className="recipient-rows">
      {saved.data.map((b) => (
        <RecipientRow key={b.id} recipient={b} onChanged={saved.retry} />
      ))}
    </ul>
  );
}

function RecipientRow({ recipient, onChanged }: { recipient: Beneficiary; onChanged: () => void }) {
  const { customer } = useCustomerServices();
  const id = useId();
  const [mode, setMode] = useState<"shown" | "renaming" | "deleting">("shown");
  const [nickname, setNickname] = useState(recipient.nickname);
  const [error, setError] = useState<string | undefined>();

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(undefined);
      setMode("shown");
      onChanged();
    } catch (failure) {
      setError(wordsOf(failure));
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => (await customer.recipients()).rename(recipient.id, nickname));
  };

  if (mode === "renaming")
    return (
      <li>
        <form className="save-recipient" onSubmit={rename} noValidate>
          <div className="field">
            <label htmlFor={id}>New nickname for {recipient.number}</label>
            <input
              id={id}
              value={nickname}
              maxLength={30}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, undefined, error)}
              onChange={(event) => setNickname(event.target.value)}
            />
            <FieldNotes id={id} error={error} />
          </div>
          <div className="recipient-actions">
            <button type="button" className="button secondary" onClick={() => setMode("shown")}>
              Cancel
            </button>
            <button type="submit" className="button">
              Save name
            </button>
          </div>
        </form>
      </li>
    );

  return (
    <li>
      <span>{recipientLabel(recipient)}</span>
      {mode === "deleting" ? (
        <>
          <span role="alert">{error ?? `Delete ${recipient.nickname}?`}</span>
          <button type="button" className="button secondary" onClick={() => setMode("shown")}>
            Keep
          </button>
          <button
            type="button"
            className="button danger"
            onClick={() => act(async () => (await customer.recipients()).remove(recipient.id))}
          >
            Delete
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button secondary"
            aria-label={`Rename ${recipient.nickname}`}
            onClick={() => setMode("renaming")}
          >
            Rename
          </button>
          <button
            type="button"
            className="button secondary"
            aria-label={`Delete ${recipient.nickname}`}
            onClick={() => setMode("deleting")}
          >
            Delete
          </button>
        </>
      )}
    </li>
  );
}
