import { type InputHTMLAttributes, type Ref, useId, useState } from "react";
import "./fields.css";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The ids of a field's hint and error, for its control's aria-describedby: undefined when it has neither. */
export const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

/** A field's hint, then its error, under its control, with the ids describedBy names. */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, error, hint, id, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
        {...input}
      />
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}

/** A phone number: the phone keypad, and the browser may offer the person's own number. */
export function PhoneField(props: Omit<TextFieldProps, "label" | "type" | "inputMode" | "autoComplete">) {
  return <TextField label="Phone number" type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

/** A password or PIN input with a Show/Hide toggle. */
export function SecretField(props: Omit<TextFieldProps, "type">) {
  const [shown, setShown] = useState(false);
  return (
    <div className="secret-field">
      <TextField {...props} type={shown ? "text" : "password"} />
      <button
        type="button"
        className="link-button secret-toggle"
        aria-pressed={shown}
        aria-label={`${shown ? "Hide" : "Show"} ${props.label.toLowerCase()}`}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? "Hide" : "Show"}
      </button>
    </div>
  );
}
