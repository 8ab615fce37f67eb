import type { ElectricityCatalogue } from "../../../../schemas/catalogue";
import { formatNaira } from "../../../../schemas/money";
import type { ElectricityDraft } from "../../../../schemas/purchases";
import { AmountField } from "../../../components/AmountField";
import { PhoneField, TextField } from "../../../components/TextField";
import { parseNaira } from "../../../format/money";
import { fieldOf } from "../../../forms/fieldOf";
import { SavedRecipientPicker } from "../recipients/SavedRecipientPicker";
import { electricityChoice } from "./choices";
import { electricityForm } from "./formSchemas";
import { optionsOf, type ProductFormProps, SelectField, useProductForm } from "./wizardFields";

export function ElectricityForm({
  catalogue,
  draft,
  onNext,
}: ProductFormProps<ElectricityCatalogue, ElectricityDraft>) {
  const form = useProductForm(electricityForm, {
    disco_id: draft?.disco_id ? String(draft.disco_id) : "",
    meter_type: draft?.meter_type ?? "prepaid",
    meter_number: draft?.meter_number ?? "",
    amount: draft?.amount ? String(draft.amount / 100) : "",
    phone: draft?.phone ?? "",
  });
  const errors = form.formState.errors;
  const disco = catalogue.discos.find((d) => String(d.id) === form.watch("disco_id"));

  const next = form.handleSubmit((values) => {
    const chosen = catalogue.discos.find((d) => String(d.id) === values.disco_id);
    if (!chosen?.enabled) {
      form.setError("disco_id", { message: `${chosen?.name ?? "This company"} is not available right now.` });
      return;
    }
    const kobo = parseNaira(values.amount) ?? 0;
    if (kobo < chosen.min_amount || kobo > chosen.max_amount) {
      form.setError("amount", {
        message: `The amount for ${chosen.name} must be from ${formatNaira(chosen.min_amount, true)} to ${formatNaira(chosen.max_amount, true)}.`,
      });
      return;
    }
    onNext(
      electricityChoice(
        {
          disco_id: chosen.id,
          meter_type: values.meter_type,
          meter_number: values.meter_number,
          amount: kobo,
          phone: values.phone,
        },
        catalogue,
      ),
    );
  });

  return (
    <form noValidate onSubmit={next}>
      <SavedRecipientPicker
        kind="meter"
        onPick={(saved) => {
          form.setValue("disco_id", String(saved.disco_id), { shouldValidate: true });
          form.setValue("meter_type", saved.meter_type ?? "prepaid");
          form.setValue("meter_number", saved.number, { shouldValidate: true });
        }}
      />
      <SelectField
        label="Electricity company"
        placeholder="Choose your company"
        options={optionsOf(catalogue.discos, (d) => d.name)}
        {...fieldOf(form, "disco_id")}
      />
      <fieldset className="meter-type">
        <legend>Meter type</legend>
        <label>
          <input type="radio" value="prepaid" {...form.register("meter_type")} /> Prepaid
        </label>
        <label>
          <input type="radio" value="postpaid" {...form.register("meter_type")} /> Postpaid
        </label>
      </fieldset>
      <TextField
        label="Meter number"
        inputMode="numeric"
        autoComplete="off"
        {...fieldOf(form, "meter_number")}
      />
      <AmountField
        form={form}
        name="amount"
        label="Amount (₦)"
        chips={[100_000, 200_000, 500_000, 1_000_000]}
        hint={
          disco
            ? `From ${formatNaira(disco.min_amount, true)} to ${formatNaira(disco.max_amount, true)}; service fee ${formatNaira(disco.service_fee, true)}.`
            : undefined
        }
      />
      <PhoneField error={errors.phone?.message} {...form.register("phone")} />
      <button type="submit" className="button wizard-next">
        Check meter
      </button>
    </form>
  );
}
