import { type Ref, type SelectHTMLAttributes, useEffect, useId, useRef } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { networkForPhone } from "../../../../schemas/phonePrefixes";
import { TextField } from "../../../components/TextField";

export interface Option {
  value: string;
  label: string;
  /** Shown, but not choosable: a network, provider or disco switched off. */
  unavailable?: boolean;
}

export function SelectField({
  label,
  options,
  error,
  placeholder,
  ref,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly Option[];
  error?: string | undefined;
  placeholder: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.unavailable}>
            {o.unavailable ? `${o.label} (unavailable)` : o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Picks the network from the phone number's prefix as it is typed, until the customer chooses one
 * themselves (numbers can be ported between networks).
 */
export function useNetworkFromPhone<T extends FieldValues>(
  form: UseFormReturn<T>,
  phone: Path<T>,
  network: Path<T>,
) {
  const chosenByHand = useRef(form.getValues(network) !== "");
  const typed = form.watch(phone) as string;
  useEffect(() => {
    if (chosenByHand.current) return;
    const detected = networkForPhone(typed ?? "");
    if (detected) form.setValue(network, String(detected) as PathValue<T, Path<T>>);
  }, [typed, form, network]);
  return () => {
    chosenByHand.current = true;
  };
}

type PhoneAndNetwork = { phone: string; network_id: string };

/**
 * The phone number and its network, as airtime and data both ask for them: typing the number picks
 * the network from its prefix until the customer picks one by hand.
 */
export function PhoneAndNetworkFields<T extends PhoneAndNetwork>({
  form,
  networks,
}: {
  form: UseFormReturn<T>;
  networks: readonly Option[];
}) {
  const phone = "phone" as Path<T>;
  const network = "network_id" as Path<T>;
  const chooseByHand = useNetworkFromPhone(form, phone, network);
  return (
    <>
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={form.getFieldState(phone, form.formState).error?.message}
        {...form.register(phone)}
      />
      <SelectField
        label="Network"
        placeholder="Choose a network"
        options={networks}
        error={form.getFieldState(network, form.formState).error?.message}
        {...form.register(network, { onChange: chooseByHand })}
      />
    </>
  );
}
