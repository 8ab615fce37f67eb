import type { UseFormRegisterReturn } from "react-hook-form";

/** What a field needs of its form: to register it, and the error its validation left on it. */
interface FieldSource<Name extends string> {
  register(name: Name): UseFormRegisterReturn;
  formState: { errors: { [K in Name]?: { message?: string | undefined } | undefined } };
}

/**
 * A form field's props from its form: its registration and the message of its error, which a field
 * component (TextField, SecretField, DateField, …) ties to its input for screen readers.
 */
export function fieldOf<Name extends string>(form: FieldSource<NoInfer<Name>>, name: Name) {
  return { error: form.formState.errors[name]?.message, ...form.register(name) };
}
