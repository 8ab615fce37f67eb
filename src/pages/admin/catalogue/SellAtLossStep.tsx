import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type SellAtLoss, sellAtLoss } from "../../../../schemas/catalogueStaff";
import { ApiFailure } from "../../../api/client";
import { TextAreaField } from "../../../components/TextAreaField";
import { planField } from "../../../forms/fieldKinds";
import "./catalogue.css";

const reasonField = planField("reason", sellAtLoss.shape.reason);
const reasonPath = "sell_at_loss.reason";

/** The server refused a write because it would sell below cost (the pricing rule's refusal). */
export const isBelowCost = (error: unknown): error is ApiFailure =>
  error instanceof ApiFailure && error.code === "below_cost";

/**
 * The words for the reason field after a failed confirmation: the server's for it, else its msg. The
 * field says them, so the client does not toast them as well.
 */
export const reasonRefusal = (error: unknown): string => {
  if (!(error instanceof ApiFailure)) return "Could not save. Please try again.";
  error.showOnScreen();
  return error.fields?.[reasonPath]?.[0] ?? error.msg;
};

export interface SellAtLossStepProps {
  /** The server's words: what sells below cost, and by how much. */
  refusal: string;
  busy: boolean;
  /** The server's refusal of the confirmation itself, if it refused it. */
  failure: string | null;
  onConfirm: (confirmation: SellAtLoss) => void;
  onCancel: () => void;
}

/**
 * The confirm step after the pricing rule refused a price: what loses money, and "Sell at a loss"
 * with a required reason (the shared schema's rules), or back to the price. Inline under the form it
 * answers, so in a dialog it stays inside the dialog's focus trap; focus moves to the reason.
 */
export function SellAtLossStep({ refusal, busy, failure, onConfirm, onCancel }: SellAtLossStepProps) {
  const headingId = useId();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sellAtLoss.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    setProblem(null);
    onConfirm(parsed.data);
  };

  return (
    <section className="loss-step" aria-labelledby={headingId}>
      <h3 id={headingId}>This sells at a loss</h3>
      <p>{refusal}</p>
      <form noValidate onSubmit={submit}>
        <TextAreaField
          ref={field}
          label={reasonField.label}
          hint={reasonField.hint}
          required
          value={reason}
          error={problem ?? failure ?? undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="loss-step-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={onCancel}>
            Change the price
          </button>
          <button type="submit" className="button danger" disabled={busy}>
            {busy ? "Saving…" : "Sell at a loss"}
          </button>
        </div>
      </form>
    </section>
  );
}

type Confirmable<B> = B & { sell_at_loss?: SellAtLoss };

/**
 * A form's save with the pricing rule's confirm step: `send` saves; a below-cost refusal opens the
 * step for that very body, which alone says it (the form sees it shown and adds nothing), and
 * confirming sends the body again with the reason. Any new save starts over.
 */
export function useSellAtLoss<B extends object>(
  save: (body: Confirmable<B>) => Promise<unknown>,
  onSaved: () => void,
): { send: (body: B) => Promise<void>; step: ReactNode; formId: string } {
  // The form's id (SchemaForm's `id`), so "Change the price" can put focus back on the field refused.
  const formId = useId();
  const [refused, setRefused] = useState<{ body: B; msg: string; field: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (body: B) => {
    setRefused(null);
    setFailure(null);
    try {
      await save(body);
      onSaved();
    } catch (error) {
      if (isBelowCost(error)) {
        // The step says it, with the way on; the form under it and a toast stay quiet.
        error.showOnScreen();
        setRefused({ body, msg: error.msg, field: Object.keys(error.fields ?? {})[0] });
      }
      throw error;
    }
  };

  const confirm = async (confirmation: SellAtLoss) => {
    if (!refused) return;
    setBusy(true);
    setFailure(null);
    try {
      await save({ ...refused.body, sell_at_loss: confirmation });
      setRefused(null);
      onSaved();
    } catch (error) {
      setFailure(reasonRefusal(error));
    } finally {
      setBusy(false);
    }
  };

  const step = refused && (
    <SellAtLossStep
      refusal={refused.msg}
      busy={busy}
      failure={failure}
      onConfirm={confirm}
      onCancel={() => {
        document.getElementById(`${formId}-${refused.field}`)?.focus();
        setRefused(null);
      }}
    />
  );
  return { send, step, formId };
}
