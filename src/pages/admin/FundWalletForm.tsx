import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import type { Transaction } from "../../../schemas/transactions";
import { staffFundBody } from "../../../schemas/wallet";
import { useAdminServices } from "../../app/AppServices";
import { type ConfirmActionOptions, useConfirmAction } from "../../app/useConfirmAction";
import { AmountField } from "../../components/AmountField";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ReasonField } from "../../components/TextAreaField";
import { formatNaira, parseNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import "./admin.css";

const notAnAmount = "Enter an amount in naira, like 5,000.";
const chips = [100_000, 500_000, 1_000_000, 5_000_000]; // kobo: ₦1,000, ₦5,000, ₦10,000, ₦50,000

// Typed naira becomes kobo here, then meets the very rules (and words) the server applies.
const fundForm = z.strictObject({
  amount: z.pipe(
    z.pipe(
      z.string().check(z.refine((text) => parseNaira(text) !== null, { error: notAnAmount })),
      z.transform((text: string) => parseNaira(text) ?? 0),
    ),
    staffFundBody.shape.amount,
  ),
  reason: staffFundBody.shape.reason,
});

type FundDraft = { amount: number; reason: string };

/**
 * Staff adding money to a customer's wallet: amount and reason, then a confirmation that names the
 * customer and the sum. Used on a user's page and on Find a customer. confirmActionMachine keeps the
 * request id of an attempt whose outcome is unknown, so confirming the same amount and reason again
 * is answered once by the server instead of funding the wallet twice.
 */
export function FundWalletForm({
  customer,
  onFunded,
  snapshot,
}: {
  customer: { id: string; name: string };
  onFunded: (transaction: Transaction) => void;
  /** A saved state of the confirmation to start from (a replay). */
  snapshot?: ConfirmActionOptions<FundDraft, Transaction>["snapshot"];
}) {
  const { admin } = useAdminServices();
  const form = useForm({ resolver: schemaResolver(fundForm), defaultValues: { amount: "", reason: "" } });
  const flow = useConfirmAction<FundDraft, Transaction>({
    send: ({ draft, requestId }) => admin.fundCustomer(customer.id, { ...draft, request_id: requestId }),
    onDone: (transaction) => {
      form.reset();
      onFunded(transaction);
    },
    // The client has shown the server's message. A field the server refused goes back to the form.
    onRefused: (error) => showServerFieldErrors(error, form.setError, ["amount", "reason"]),
    ...(snapshot && { snapshot }),
  });

  const review = form.handleSubmit(({ amount, reason }) => flow.review({ amount, reason }));

  const errors = form.formState.errors;
  const draft = flow.draft;
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
        <ReasonField maxLength={200} error={errors.reason?.message} {...form.register("reason")} />
        <button type="submit" className="button">
          Continue
        </button>
      </form>

      <ConfirmDialog
        flow={flow}
        title={draft ? `Add ${formatNaira(draft.amount)} to ${customer.name}'s wallet?` : ""}
        confirmLabel={draft ? `Add ${formatNaira(draft.amount)}` : ""}
        busyLabel="Adding…"
        failureMessage="The wallet was not funded, or we could not tell. Trying again is safe: it will not be added twice."
      >
        <p>
          Reason: <q>{draft?.reason}</q>
        </p>
        <p className="muted">The money is available to the customer at once and cannot be taken back here.</p>
      </ConfirmDialog>
    </>
  );
}
