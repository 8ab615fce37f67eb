import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Transaction } from "../../../schemas/transactions";
import { staffFundBody } from "../../../schemas/wallet";
import { ApiFailure } from "../../api/client";
import { useAdminServices } from "../../app/AppServices";
import { useOnce } from "../../app/useOnce";
import { AmountField } from "../../components/AmountField";
import { Modal } from "../../components/Modal";
import { TextAreaField } from "../../components/TextAreaField";
import { formatNaira, parseNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import "./admin.css";

const notAnAmount = "Enter an amount in naira, like 5,000.";
const chips = [100_000, 500_000, 1_000_000, 5_000_000]; // kobo: ₦1,000, ₦5,000, ₦10,000, ₦50,000

// Typed naira becomes kobo here, then meets the very rules (and words) the server applies.
const fundForm = z.strictObject({
  amount: z
    .string()
    .refine((text) => parseNaira(text) !== null, { error: notAnAmount })
    .transform((text) => parseNaira(text) ?? 0)
    .pipe(staffFundBody.shape.amount),
  reason: staffFundBody.shape.reason,
});

type Attempt = { amount: number; reason: string; requestId: string };

/**
 * Staff adding money to a customer's wallet: amount and reason, then a confirmation that names the
 * customer and the sum. Used on a user's page and on Find a customer.
 */
export function FundWalletForm({
  customer,
  onFunded,
}: {
  customer: { id: string; name: string };
  onFunded: (transaction: Transaction) => void;
}) {
  const { admin } = useAdminServices();
  const form = useForm({ resolver: schemaResolver(fundForm), defaultValues: { amount: "", reason: "" } });
  const [confirming, setConfirming] = useState<Attempt | null>(null);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // The request id of an attempt whose outcome is unknown (it failed, or the confirmation was closed
  // after a failure). Confirming the same amount and reason again reuses it, so a retry after a dropped
  // answer is answered once by the server instead of funding the wallet twice. A different body gets
  // a new id: the server would refuse a reused id with another body (409).
  const unsettled = useRef<Attempt | null>(null);
  const once = useOnce();

  const review = form.handleSubmit(({ amount, reason }) => {
    const previous = unsettled.current;
    const attempt =
      previous && previous.amount === amount && previous.reason === reason
        ? previous
        : { amount, reason, requestId: crypto.randomUUID() };
    setFailed(false);
    setConfirming(attempt);
  });

  const confirm = () =>
    once(async () => {
      if (!confirming) return;
      const { amount, reason, requestId } = confirming;
      unsettled.current = confirming;
      setSending(true);
      setFailed(false);
      try {
        const transaction = await admin.fundCustomer(customer.id, { amount, reason, request_id: requestId });
        unsettled.current = null;
        setConfirming(null);
        form.reset();
        onFunded(transaction);
      } catch (error) {
        // The client has shown the server's message. A field the server refused goes back to the form.
        if (hasFieldErrors(error)) {
          setConfirming(null);
          showServerFieldErrors(error, form.setError, ["amount", "reason"]);
        } else setFailed(true);
      } finally {
        setSending(false);
      }
    });

  const errors = form.formState.errors;
  return (
    <>
      <form noValidate onSubmit={review} className="fund-wallet-form">
        <AmountField
          form={form}
          name="amount"
          label="Amount (₦)"
          chips={chips}
          hint="From ₦1 to ₦1,000,000 at a time."
        />
        <TextAreaField
          label="Reason"
          hint="Recorded in the audit log."
          maxLength={200}
          error={errors.reason?.message}
          {...form.register("reason")}
        />
        <button type="submit" className="button">
          Continue
        </button>
      </form>

      {confirming && (
        <Modal
          open
          title={`Add ${formatNaira(confirming.amount)} to ${customer.name}'s wallet?`}
          // Closing while the request is out would hide whether it worked.
          onClose={() => !sending && setConfirming(null)}
        >
          <p>
            Reason: <q>{confirming.reason}</q>
          </p>
          <p className="muted">
            The money is available to the customer at once and cannot be taken back here.
          </p>
          {failed && (
            <p className="field-error" role="alert">
              The wallet was not funded, or we could not tell. Trying again is safe: it will not be added
              twice.
            </p>
          )}
          <div className="modal-actions">
            <button
              type="button"
              className="button secondary"
              disabled={sending}
              onClick={() => setConfirming(null)}
            >
              Cancel
            </button>
            <button type="button" className="button" disabled={sending} onClick={confirm}>
              {sending ? "Adding…" : failed ? "Try again" : `Add ${formatNaira(confirming.amount)}`}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

function hasFieldErrors(error: unknown): boolean {
  return error instanceof ApiFailure && Boolean(error.fields?.amount || error.fields?.reason);
}
