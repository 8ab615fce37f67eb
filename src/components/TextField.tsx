import { type InputHTMLAttributes, type Ref, useId, useState } from "react";
import "./fields.css";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, error, hint, id, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy =
    [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p className="field-hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      )}
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
