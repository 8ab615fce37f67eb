import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { fundBody, fundingLimits } from "../../../schemas/wallet";
import { useCustomerServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { AmountField } from "../../components/AmountField";
import { useGlobalLoading } from "../../components/globalLoading";
import { formatNaira, parseNaira } from "../../format/money";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";

const notAnAmount = "Enter an amount in naira, like 5,000.";
const chips = [100_000, 200_000, 500_000, 1_000_000]; // kobo: ₦1,000, ₦2,000, ₦5,000, ₦10,000
// The label already says ₦, so a chip fills the field with the number alone ("1,000.00").

// Typed naira becomes kobo here, then meets the very rule (and words) the server applies to fundBody.
const fundForm = z.strictObject({
  amount: z.pipe(
    z.pipe(
      z.string().check(z.refine((text) => parseNaira(text) !== null, { error: notAnAmount })),
      z.transform((text: string) => parseNaira(text) ?? 0),
    ),
    fundBody.shape.amount,
  ),
});

const checkoutRefused = "The payment page could not be opened. Please try again later.";

/**
 * Paying by card: the amount, then straight to the gateway's checkout (its page is where the customer
 * confirms). confirmActionMachine keeps one request id per amount, so a double click or a retry after
 * a dropped connection repeats the same request, which the server answers once, instead of opening a
 * second checkout for the same money; once the server says the request can no longer be opened
 * (409), the next try is a new one.
 */
export function CardPaymentForm() {
  const { customer } = useCustomerServices();
  const form = useForm({ resolver: schemaResolver(fundForm), defaultValues: { amount: "" } });
  const flow = useConfirmAction<{ amount: number }, string>({
    send: async ({ draft, requestId }) => {
      const { checkout_url } = await customer.fund({ amount: draft.amount, request_id: requestId });
      const target = new URL(checkout_url, window.location.href);
      // Only a web page may be opened: a "javascript:" address here would run in the app.
      if (target.protocol !== "https:" && target.protocol !== "http:") throw new Error(checkoutRefused);
      return target.href;
    },
    onDone: (href) => window.location.assign(href),
    // A refused amount (the balance limit says how much fits) is said under the field as well.
    onRefused: (error) => showServerFieldErrors(error, form.setError, ["amount"]),
  });
  const leaving = flow.state === "done";
  const busy = flow.sending || leaving;
  useGlobalLoading(busy);

  // Back from the gateway can bring this page out of the browser's cache exactly as it was left,
  // still "opening the payment page"; the customer must be able to try again.
  const { dismiss } = flow;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) dismiss();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [dismiss]);

  const submit = form.handleSubmit(({ amount }) => flow.confirm({ amount }));
  // Every refusal stays on the page beside the amount (a balance limit, say, needs reading, not a
  // five-second toast) until the next try; the call itself is quiet, so it is said once.
  const problem = busy ? null : flow.failure?.message;

  return (
    <form noValidate onSubmit={submit}>
      <AmountField
        form={form}
        name="amount"
        label="Amount (₦)"
        chips={chips}
        hint={`From ${formatNaira(fundingLimits.min)} to ${formatNaira(fundingLimits.max)} at a time.`}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button wide" disabled={busy}>
        {leaving ? "Opening payment page…" : busy ? "Please wait…" : "Continue to payment"}
      </button>
    </form>
  );
}
