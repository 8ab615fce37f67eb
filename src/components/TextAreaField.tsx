import { type Ref, type TextareaHTMLAttributes, useId } from "react";
import "./fields.css";
import { describedBy, FieldNotes } from "./TextField";

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** TextField's twin for longer text (a refund or funding reason), with the same label, hint and error wiring. */
export function TextAreaField({ label, error, hint, id, ref, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...textarea}
      />
      <FieldNotes id={fieldId} hint={hint} error={error} />
    </div>
  );
}

/** Why a staff member acts, for the audit log: every console action that asks for one words it so. */
export function ReasonField({
  hint = "Recorded in the audit log.",
  ...props
}: Omit<TextAreaFieldProps, "label" | "hint"> & { hint?: string }) {
  return <TextAreaField label="Reason" hint={hint} {...props} />;
}
