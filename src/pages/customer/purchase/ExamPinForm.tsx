import { type ExamPinCatalogue, examBodies } from "../../../../schemas/catalogue";
import { examBodyNames, maxExamPins, profileId } from "../../../../schemas/examPins";
import { formatNaira } from "../../../../schemas/money";
import type { ExamPinDraft } from "../../../../schemas/purchases";
import { PhoneField, TextField } from "../../../components/TextField";
import { fieldOf } from "../../../forms/fieldOf";
import { examPinChoice } from "./choices";
import { examPinForm } from "./formSchemas";
import { type ProductFormProps, useProductForm } from "./wizardFields";

/**
 * The exam PINs grouped by exam body, how many, the phone, and for JAMB the candidate's profile ID
 * (checked with the provider on the next step) in place of how many: a JAMB PIN is one candidate's.
 */
export function ExamPinForm({ catalogue, draft, onNext }: ProductFormProps<ExamPinCatalogue, ExamPinDraft>) {
  const form = useProductForm(examPinForm, {
    product: draft?.product ? String(draft.product) : "",
    quantity: draft?.quantity ? String(draft.quantity) : "1",
    phone: draft?.phone ?? "",
    profile_id: draft?.profile_id ?? "",
  });
  const errors = form.formState.errors;
  const product = catalogue.products.find((p) => String(p.id) === form.watch("product"));
  const count = Number(form.watch("quantity"));
  const total = product && Number.isInteger(count) && count > 0 ? product.price * count : null;

  // A JAMB PIN is bought one at a time: a count typed for another PIN would only be refused.
  const productField = form.register("product", {
    onChange: (event: { target: { value: string } }) => {
      const chosen = catalogue.products.find((p) => String(p.id) === event.target.value);
      if (chosen?.needs_profile) form.setValue("quantity", "1");
    },
  });

  const next = form.handleSubmit((values) => {
    const chosen = catalogue.products.find((p) => String(p.id) === values.product);
    if (!chosen?.enabled) {
      form.setError("product", { message: `${chosen?.name ?? "This PIN"} is not available right now.` });
      return;
    }
    const quantity = chosen.needs_profile ? 1 : Number(values.quantity);
    if (quantity < 1 || quantity > chosen.max_quantity) {
      form.setError("quantity", { message: `Buy 1 to ${chosen.max_quantity} PINs at a time.` });
      return;
    }
    const profile = chosen.needs_profile ? profileId.safeParse(values.profile_id) : null;
    if (profile && !profile.success) {
      form.setError("profile_id", { message: profile.error.issues[0]?.message ?? "Check the profile ID." });
      return;
    }
    const order = { product: chosen.id, quantity, phone: values.phone };
    onNext(examPinChoice(profile?.data ? { ...order, profile_id: profile.data } : order, catalogue));
  });

  return (
    <form noValidate onSubmit={next}>
      <fieldset className="plans">
        <legend>Exam PIN</legend>
        {examBodies.map((exam) => {
          const group = catalogue.products.filter((p) => p.exam === exam);
          if (group.length === 0) return null;
          return (
            <div key={exam} className="plan-group">
              <h3>{examBodyNames[exam]}</h3>
              {group.map((p) => (
                <label key={p.id} className="plan-option">
                  <input type="radio" value={String(p.id)} disabled={!p.enabled} {...productField} />
                  <span className="plan-size">{p.enabled ? p.name : `${p.name} (unavailable)`}</span>
                  <span className="plan-validity">
                    {p.needs_profile ? "One candidate's, by profile ID" : "Per PIN"}
                  </span>
                  <span className="plan-price">{formatNaira(p.price, true)}</span>
                </label>
              ))}
            </div>
          );
        })}
        {errors.product?.message && (
          <p className="field-error" role="alert">
            {errors.product.message}
          </p>
        )}
      </fieldset>
      {product?.needs_profile ? (
        <TextField
          label="JAMB profile ID"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          hint={`The candidate's 10-digit profile code from JAMB, checked before you pay. One PIN per candidate: ${formatNaira(product.price, true)}.`}
          {...fieldOf(form, "profile_id")}
        />
      ) : (
        <TextField
          label="How many PINs"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={
            product && total !== null
              ? `${formatNaira(product.price, true)} each: ${formatNaira(total)} in all. Up to ${product.max_quantity} at a time.`
              : `Up to ${maxExamPins} at a time.`
          }
          {...fieldOf(form, "quantity")}
        />
      )}
      <PhoneField error={errors.phone?.message} {...form.register("phone")} />
      <button type="submit" className="button wizard-next">
        {product?.needs_profile ? "Check profile ID" : "Continue"}
      </button>
    </form>
  );
}
