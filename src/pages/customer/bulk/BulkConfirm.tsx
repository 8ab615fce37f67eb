import { formatNaira } from "../../../../schemas/money";
import { PinPayment } from "../PinPayment";

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
  return (
    <section className="card bulk-confirm" aria-labelledby="bulk-confirm-title">
      <h2 id="bulk-confirm-title">
        Buy for {count} {count === 1 ? "number" : "numbers"}: {formatNaira(total)}
      </h2>
      <PinPayment
        total={total}
        waiting="your list"
        focusAtOnce
        error={error}
        onConfirm={onConfirm}
        onBack={onBack}
      />
    </section>
  );
}
