import { SecretField, type TextFieldProps } from "./TextField";

/**
 * The transaction PIN, as every payment asks for it (a purchase's confirm step, a level upgrade):
 * four digits on a phone's number pad, hidden until shown, never offered by the browser's autofill.
 */
export function TransactionPinField(props: Omit<TextFieldProps, "type" | "label">) {
  return (
    <SecretField label="Transaction PIN" inputMode="numeric" autoComplete="off" maxLength={4} {...props} />
  );
}
