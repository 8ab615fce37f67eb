import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { formatNaira } from "../../schemas/money";
import { TextField } from "./TextField";
import "./amountField.css";

/** "₦5,000.00" without the sign: what a chip puts in the box, and what parseNaira reads back. */
const fieldText = (kobo: number) => formatNaira(kobo).replace(/^₦/, "");

/**
 * An amount typed in naira, with quick chips (kobo values) that fill it. Used for funding and for
 * the wizards; the form parses the text with parseNaira.
 */
export function AmountField<T extends FieldValues, Sent extends FieldValues = T>({
  form,
  name,
  label,
  chips,
  hint,
}: {
  form: UseFormReturn<T, unknown, Sent>;
  name: Path<T>;
  label: string;
  chips: readonly number[];
  hint?: string | undefined;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <div>
      <TextField
        label={label}
        inputMode="decimal"
        autoComplete="off"
        hint={hint}
        error={typeof error === "string" ? error : undefined}
        {...form.register(name)}
      />
      <fieldset className="chips">
        <legend className="sr-only">Quick amounts</legend>
        {chips.map((kobo) => (
          <button
            key={kobo}
            type="button"
            className="chip"
            onClick={() =>
              // Checked again only once the form has been sent, so a chip never flashes an error.
              form.setValue(name, fieldText(kobo) as PathValue<T, Path<T>>, {
                shouldValidate: form.formState.isSubmitted,
                shouldDirty: true,
              })
            }
          >
            {formatNaira(kobo, true)}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
