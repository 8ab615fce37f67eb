import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { pin } from "../../../../schemas/common";
import { TransactionPinField } from "../../../components/TransactionPinField";
import { formatNaira } from "../../../format/money";
import { schemaResolver } from "../../../forms/schemaResolver";
import { useSession } from "../../../session/useSession";
import { SetPinAction } from "../SetPinAction";

const pinForm = z.object({ pin });

/** The PIN for the whole batch, as the wizards' confirm step asks for it (or Set your PIN first). */
export function BulkConfirm({
  total,
  count,
  error,
  onConfirm,
  onBack,
}: {
  total: number;
  count: number;
  error: string | null;
  onConfirm: (pin: string) => void;
  onBack: () => void;
}) {
  const form = useForm({ resolver: schemaResolver(pinForm), defaultValues: { pin: "" } });
  const { profile } = useSession();
  const [pinJustSet, setPinJustSet] = useState(false);
  const needsPin = profile?.has_pin === false && !pinJustSet;
  const { setFocus } = form;
  useEffect(() => {
    if (!needsPin) setFocus("pin");
  }, [needsPin, setFocus]);
  return (
    <section className="card bulk-confirm" aria-labelledby="bulk-confirm-title">
      <h2 id="bulk-confirm-title">
        Buy for {count} {count === 1 ? "number" : "numbers"}: {formatNaira(total)}
      </h2>
      {needsPin ? (
        <>
          <p>To pay you need a transaction PIN, and you have not set one yet. Your list waits here.</p>
          <div className="wizard-actions">
            <button type="button" className="button secondary" onClick={onBack}>
              Back
            </button>
            <SetPinAction onSet={() => setPinJustSet(true)} />
          </div>
        </>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => onConfirm(values.pin))}>
          <TransactionPinField error={form.formState.errors.pin?.message} {...form.register("pin")} />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="wizard-actions">
            <button type="button" className="button secondary" onClick={onBack}>
              Back
            </button>
            <button type="submit" className="button">
              Pay {formatNaira(total)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
