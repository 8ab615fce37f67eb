import { type Ref, type SelectHTMLAttributes, useEffect, useId, useRef } from "react";
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type UseFormRegisterReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod/mini";
import type { Choice } from "../../../../machines/purchaseMachine";
import { networkForPhone } from "../../../../schemas/phonePrefixes";
import { describedBy, FieldNotes, PhoneField } from "../../../components/TextField";
import { schemaResolver } from "../../../forms/schemaResolver";
import { SavedRecipientPicker } from "../recipients/SavedRecipientPicker";

/**
 * What ChooseForm hands each product's form: its catalogue, the earlier choice's draft when it was of
 * that product, and where the finished choice goes.
 */
export interface ProductFormProps<Catalogue, Draft> {
  catalogue: Catalogue;
  draft: Draft | undefined;
  onNext: (choice: Choice) => void;
}

/** A product's form, checked by its schema (formSchemas.ts), filled in from the earlier draft or empty. */
export function useProductForm<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: schemaResolver(schema), defaultValues });
}

export interface Option {
  value: string;
  label: string;
  /** Shown, but not choosable: a network, provider or disco switched off. */
  unavailable?: boolean;
}

/** A catalogue's networks, providers or discos as options: those switched off shown, but unavailable. */
export function optionsOf<T extends { id: number; enabled: boolean }>(
  items: readonly T[],
  label: (item: T) => string,
): Option[] {
  return items.map((item) => ({ value: String(item.id), label: label(item), unavailable: !item.enabled }));
}

export function SelectField({
  label,
  options,
  error,
  hint,
  placeholder,
  ref,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly Option[];
  error?: string | undefined;
  hint?: string | undefined;
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
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.unavailable}>
            {o.unavailable ? `${o.label} (unavailable)` : o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * What the phone and network fields use of a form: the airtime and data forms' `useForm` results
 * both fit it, whatever their other fields. Typed by the two fields it owns rather than as a generic
 * `UseFormReturn<T>`, whose paths TypeScript cannot check ("phone" is not provably a `Path<T>`).
 */
export interface PhoneAndNetworkForm {
  register(name: "phone" | "network_id", options?: { onChange?: () => void }): UseFormRegisterReturn;
  watch(name: "phone"): string;
  getValues(name: "network_id"): string;
  setValue(name: "network_id" | "phone", value: string, options?: { shouldValidate?: boolean }): void;
  formState: { errors: { phone?: FieldError | undefined; network_id?: FieldError | undefined } };
}

/**
 * Picks the network from the phone number's prefix as it is typed, until the customer chooses one
 * themselves (numbers can be ported between networks).
 */
export function useNetworkFromPhone(form: PhoneAndNetworkForm) {
  const chosenByHand = useRef(form.getValues("network_id") !== "");
  const typed = form.watch("phone");
  useEffect(() => {
    if (chosenByHand.current) return;
    const detected = networkForPhone(typed ?? "");
    if (detected) form.setValue("network_id", String(detected));
  }, [typed, form]);
  return () => {
    chosenByHand.current = true;
  };
}

/**
 * The phone number and its network, as airtime and data both ask for them, after the customer's saved
 * numbers (choosing one fills both): typing the number picks the network from its prefix until the
 * customer picks one by hand, or a saved number's.
 */
export function PhoneAndNetworkFields({
  form,
  networks,
}: {
  form: PhoneAndNetworkForm;
  networks: readonly Option[];
}) {
  const chooseByHand = useNetworkFromPhone(form);
  const errors = form.formState.errors;
  return (
    <>
      <SavedRecipientPicker
        kind="phone"
        onPick={(saved) => {
          chooseByHand();
          form.setValue("phone", saved.number, { shouldValidate: true });
          form.setValue("network_id", String(saved.network_id), { shouldValidate: true });
        }}
      />
      <PhoneField error={errors.phone?.message} {...form.register("phone")} />
      <SelectField
        label="Network"
        placeholder="Choose a network"
        options={networks}
        error={errors.network_id?.message}
        {...form.register("network_id", { onChange: chooseByHand })}
      />
    </>
  );
}
