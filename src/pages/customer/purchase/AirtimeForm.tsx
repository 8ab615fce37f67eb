import type { AirtimeCatalogue } from "../../../../schemas/catalogue";
import { formatNaira } from "../../../../schemas/money";
import { airtimeQuote } from "../../../../schemas/pricing";
import type { AirtimeDraft } from "../../../../schemas/purchases";
import { AmountField } from "../../../components/AmountField";
import { parseNaira } from "../../../format/money";
import { airtimeChoice } from "./choices";
import { airtimeForm } from "./formSchemas";
import { optionsOf, PhoneAndNetworkFields, type ProductFormProps, useProductForm } from "./wizardFields";

export function AirtimeForm({ catalogue, draft, onNext }: ProductFormProps<AirtimeCatalogue, AirtimeDraft>) {
  const form = useProductForm(airtimeForm, {
    phone: draft?.phone ?? "",
    network_id: draft?.network_id ? String(draft.network_id) : "",
    amount: draft?.amount ? String(draft.amount / 100) : "",
  });
  const control = catalogue.controls.find((c) => String(c.id) === form.watch("network_id"));
  const amount = parseNaira(form.watch("amount") ?? "");
  const preview = control && amount ? airtimeQuote(amount, control.discount_percent) : null;

  const next = form.handleSubmit((values) => {
    const chosen = catalogue.controls.find((c) => String(c.id) === values.network_id);
    const kobo = parseNaira(values.amount) ?? 0;
    if (!chosen?.enabled) {
      form.setError("network_id", {
        message: `${chosen?.network ?? "This network's"} airtime is not available right now.`,
      });
      return;
    }
    if (kobo < chosen.min_amount || kobo > chosen.max_amount) {
      form.setError("amount", {
        message: `${chosen.network} airtime is from ${formatNaira(chosen.min_amount, true)} to ${formatNaira(chosen.max_amount, true)}.`,
      });
      return;
    }
    onNext(airtimeChoice({ phone: values.phone, network_id: chosen.id, amount: kobo }, catalogue));
  });

  return (
    <form noValidate onSubmit={next}>
      <PhoneAndNetworkFields form={form} networks={optionsOf(catalogue.controls, (c) => c.network)} />
      <AmountField
        form={form}
        name="amount"
        label="Amount (₦)"
        chips={[10_000, 20_000, 50_000, 100_000, 200_000]}
        hint={
          preview && preview.discount > 0
            ? `You pay ${formatNaira(preview.total)}: ${control?.discount_percent}% off.`
            : control
              ? `From ${formatNaira(control.min_amount, true)} to ${formatNaira(control.max_amount, true)}.`
              : undefined
        }
      />
      <button type="submit" className="button wizard-next">
        Continue
      </button>
    </form>
  );
}
