import type { ReactNode } from "react";
import { passwordHint } from "../../schemas/common";
import { SecretField, TextField, type TextFieldProps } from "../components/TextField";

// Fields and buttons several forms ask for alike. Not in TextField's module: that one is in every
// signed-in page's download, and these only in the pages with these forms.

type FieldProps = Omit<TextFieldProps, "label" | "type" | "autoComplete">;

/** An email address: the email keyboard, and the browser may offer the person's own address. */
export function EmailField(props: FieldProps) {
  return <TextField label="Email address" type="email" autoComplete="email" {...props} />;
}

/** The password a person has, which the browser may fill in from its password manager. */
export function CurrentPasswordField({
  label = "Password",
  ...props
}: Omit<FieldProps, "label"> & { label?: string }) {
  return <SecretField label={label} autoComplete="current-password" {...props} />;
}

/** A password being chosen, with the rules it must meet; the browser may offer to make one up. */
export function NewPasswordField({
  label = "New password",
  ...props
}: Omit<FieldProps, "label" | "hint"> & { label?: string }) {
  return <SecretField label={label} autoComplete="new-password" hint={passwordHint} {...props} />;
}

/** A code sent by mail: the number keypad, and the browser may offer it from the message. */
export function CodeField(props: Omit<TextFieldProps, "inputMode" | "autoComplete">) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" {...props} />;
}

/** A web address typed by hand: the URL keyboard, and nothing the browser remembers. */
export function UrlField(props: Omit<TextFieldProps, "type" | "inputMode" | "autoComplete">) {
  return <TextField type="url" inputMode="url" autoComplete="off" {...props} />;
}

type NameProps = Omit<TextFieldProps, "label" | "autoComplete" | "readOnly">;

/** First and last name, as sign-up, the profile and a correction all ask for them. */
export function NameFields({
  first,
  last,
  readOnly,
}: {
  first: NameProps;
  last: NameProps;
  readOnly?: boolean;
}) {
  return (
    <>
      <TextField label="First name" autoComplete="given-name" readOnly={readOnly} {...first} />
      <TextField label="Last name" autoComplete="family-name" readOnly={readOnly} {...last} />
    </>
  );
}

/**
 * A form's submit button, held and saying so while the form sends (`busy`); `disabled` holds it for
 * another reason too. `wide` fills the form, as on the signed-out pages.
 */
export function SubmitButton({
  label,
  busyLabel,
  busy = false,
  disabled = false,
  wide = false,
}: {
  label: string;
  busyLabel?: string;
  busy?: boolean;
  disabled?: boolean;
  wide?: boolean;
}) {
  return (
    <button
      type="submit"
      className="button"
      style={wide ? { width: "100%" } : undefined}
      disabled={busy || disabled}
    >
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

/** What the server refused, said above a form's buttons when no field of the form owns it. */
export function FormRefusal({ refusal }: { refusal: ReactNode }) {
  return refusal ? (
    <p className="field-error" role="alert">
      {refusal}
    </p>
  ) : null;
}
