import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { pin } from "../../../schemas/common";
import { formatNaira } from "../../../schemas/money";
import { TransactionPinField } from "../../components/TransactionPinField";
import { schemaResolver } from "../../forms/schemaResolver";
import { useSession } from "../../session/useSession";
import { SetPinAction } from "./SetPinAction";

const pinForm = z.object({ pin });

/**
 * The 4-digit PIN that pays `total` (a wizard's purchase, a bulk batch); for a customer who has none
 * yet, Set your PIN in its place, and the PIN once it is set, what is being paid for still waiting.
 */
export function PinPayment({
  total,
  waiting,
  focusAtOnce,
  error,
  onConfirm,
  onBack,
}: {
  total: number;
  /** What waits while the PIN is set: "this purchase", "your list". */
  waiting: string;
  /** Put the cursor in the PIN field as soon as it shows, not only after a PIN was set. */
  focusAtOnce: boolean;
  error: string | null;
  onConfirm: (pin: string) => void;
  onBack: () => void;
}) {
  const form = useForm({ resolver: schemaResolver(pinForm), defaultValues: { pin: "" } });
  const { profile } = useSession();
  const [pinJustSet, setPinJustSet] = useState(false);
  // Unknown (a saved state restored before the session) is left to the server, which refuses no PIN.
  const needsPin = profile?.has_pin === false && !pinJustSet;
  const { setFocus } = form;
  useEffect(() => {
    // After Set your PIN, the modal closed on a button that is gone now: the field is where to carry on.
    if (pinJustSet || (focusAtOnce && !needsPin)) setFocus("pin");
  }, [pinJustSet, focusAtOnce, needsPin, setFocus]);
  const back = (
    <button type="button" className="button secondary" onClick={onBack}>
      Back
    </button>
  );
  if (needsPin)
    return (
      <>
        <p>
          To pay you need a transaction PIN, and you have not set one yet. We will email you a code to set it;
          {` ${waiting}`} waits here.
        </p>
        <div className="wizard-actions">
          {back}
          <SetPinAction onSet={() => setPinJustSet(true)} />
        </div>
      </>
    );
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onConfirm(values.pin))}>
      <TransactionPinField error={form.formState.errors.pin?.message} {...form.register("pin")} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="wizard-actions">
        {back}
        <button type="submit" className="button">
          Pay {formatNaira(total)}
        </button>
      </div>
    </form>
  );
}
