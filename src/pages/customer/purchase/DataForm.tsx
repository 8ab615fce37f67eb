import { type DataCatalogue, planTypeLabels } from "../../../../schemas/catalogue";
import { formatNaira } from "../../../../schemas/money";
import type { DataDraft } from "../../../../schemas/purchases";
import { dataChoice } from "./choices";
import { dataForm } from "./formSchemas";
import { optionsOf, PhoneAndNetworkFields, type ProductFormProps, useProductForm } from "./wizardFields";

const categories = [
  ["daily", "Daily"],
  ["weekly", "Weekly"],
  ["monthly", "Monthly"],
] as const;

export function DataForm({ catalogue, draft, onNext }: ProductFormProps<DataCatalogue, DataDraft>) {
  const form = useProductForm(dataForm, {
    phone: draft?.phone ?? "",
    network_id: draft?.network_id ? String(draft.network_id) : "",
    plan_id: draft?.plan_id ? String(draft.plan_id) : "",
  });
  const errors = form.formState.errors;
  const networkId = Number(form.watch("network_id"));
  const network = catalogue.networks.find((n) => n.id === networkId);
  const plans = catalogue.plans.filter((p) => p.control_id === networkId);

  const next = form.handleSubmit((values) => {
    const chosen = catalogue.networks.find((n) => String(n.id) === values.network_id);
    if (!chosen?.enabled) {
      form.setError("network_id", {
        message: `${chosen?.name ?? "This network's"} data is not available right now.`,
      });
      return;
    }
    const plan = catalogue.plans.find((p) => String(p.id) === values.plan_id && p.control_id === chosen.id);
    if (!plan) {
      form.setError("plan_id", { message: "Choose a plan." });
      return;
    }
    onNext(dataChoice({ phone: values.phone, network_id: chosen.id, plan_id: plan.id }, catalogue));
  });

  return (
    <form noValidate onSubmit={next}>
      <PhoneAndNetworkFields form={form} networks={optionsOf(catalogue.networks, (n) => n.name)} />
      {network && !network.enabled && (
        <p className="field-error">{network.name} data is not available right now.</p>
      )}
      {network?.enabled && (
        <fieldset className="plans">
          <legend>Plan</legend>
          {plans.length === 0 && <p>No plans are on sale for {network.name} right now.</p>}
          {categories.map(([category, title]) => {
            const group = plans.filter((p) => p.category === category);
            if (group.length === 0) return null;
            return (
              <div key={category} className="plan-group">
                <h3>{title}</h3>
                {group.map((plan) => (
                  <label key={plan.id} className="plan-option">
                    <input type="radio" value={String(plan.id)} {...form.register("plan_id")} />
                    <span className="plan-size">{plan.size}</span>
                    <span className="plan-validity">
                      {plan.validity} · <span className="plan-type">{planTypeLabels[plan.plan_type]}</span>
                    </span>
                    <span className="plan-price">{formatNaira(plan.price, true)}</span>
                  </label>
                ))}
              </div>
            );
          })}
          {errors.plan_id?.message && (
            <p className="field-error" role="alert">
              {errors.plan_id.message}
            </p>
          )}
        </fieldset>
      )}
      <button type="submit" className="button wizard-next">
        Continue
      </button>
    </form>
  );
}
