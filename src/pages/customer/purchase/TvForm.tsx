import type { TvCatalogue } from "../../../../schemas/catalogue";
import { formatNaira } from "../../../../schemas/money";
import type { TvDraft } from "../../../../schemas/purchases";
import { PhoneField, TextField } from "../../../components/TextField";
import { fieldOf } from "../../../forms/fieldOf";
import { SavedRecipientPicker } from "../recipients/SavedRecipientPicker";
import { tvChoice } from "./choices";
import { tvForm } from "./formSchemas";
import { optionsOf, type ProductFormProps, SelectField, useProductForm } from "./wizardFields";

export function TvForm({ catalogue, draft, onNext }: ProductFormProps<TvCatalogue, TvDraft>) {
  const form = useProductForm(tvForm, {
    provider_id: draft?.provider_id ? String(draft.provider_id) : "",
    plan_id: draft?.plan_id ? String(draft.plan_id) : "",
    smartcard: draft?.smartcard ?? "",
    phone: draft?.phone ?? "",
  });
  const errors = form.formState.errors;
  const provider = catalogue.providers.find((p) => String(p.id) === form.watch("provider_id"));
  const bouquets = catalogue.plans.filter((p) => p.control_id === provider?.id);

  const next = form.handleSubmit((values) => {
    const chosen = catalogue.providers.find((p) => String(p.id) === values.provider_id);
    if (!chosen?.enabled) {
      form.setError("provider_id", {
        message: `${chosen?.name ?? "This provider"} is not available right now.`,
      });
      return;
    }
    const plan = catalogue.plans.find((p) => String(p.id) === values.plan_id && p.control_id === chosen.id);
    if (!plan) {
      form.setError("plan_id", { message: "Choose a bouquet." });
      return;
    }
    onNext(
      tvChoice(
        { provider_id: chosen.id, plan_id: plan.id, smartcard: values.smartcard, phone: values.phone },
        catalogue,
      ),
    );
  });

  return (
    <form noValidate onSubmit={next}>
      <SavedRecipientPicker
        kind="smartcard"
        onPick={(saved) => {
          if (form.getValues("provider_id") !== String(saved.provider_id)) form.setValue("plan_id", "");
          form.setValue("provider_id", String(saved.provider_id), { shouldValidate: true });
          form.setValue("smartcard", saved.number, { shouldValidate: true });
        }}
      />
      <SelectField
        label="TV provider"
        placeholder="Choose a provider"
        options={optionsOf(catalogue.providers, (p) => p.name)}
        error={errors.provider_id?.message}
        {...form.register("provider_id", { onChange: () => form.setValue("plan_id", "") })}
      />
      <SelectField
        label="Bouquet"
        placeholder={provider ? "Choose a bouquet" : "Choose a provider first"}
        options={bouquets.map((p) => ({
          value: String(p.id),
          label: `${p.name}: ${formatNaira(p.price, true)}`,
        }))}
        // By the price it adds to, not the smartcard it has nothing to do with.
        hint={
          provider && provider.service_fee > 0
            ? `A service fee of ${formatNaira(provider.service_fee, true)} applies on top of the bouquet's price.`
            : undefined
        }
        disabled={!provider?.enabled}
        {...fieldOf(form, "plan_id")}
      />
      <TextField
        label="Smartcard number"
        inputMode="numeric"
        autoComplete="off"
        {...fieldOf(form, "smartcard")}
      />
      <PhoneField error={errors.phone?.message} {...form.register("phone")} />
      <button type="submit" className="button wizard-next">
        Check smartcard
      </button>
    </form>
  );
}
