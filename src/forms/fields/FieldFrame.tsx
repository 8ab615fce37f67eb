import type { ReactNode } from "react";
import { FieldNotes } from "../../components/TextField";
import type { FieldPlan } from "../fieldKinds";

/** What every control needs to be tied to its label, help and error. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldFrameProps {
  id: string;
  plan: FieldPlan;
  error: string | undefined;
  /** The id of a visible unit ("₦", "%") the control's description should include. */
  unitId?: string | undefined;
  /** Label and control side by side (the switch); otherwise the label sits above, full width. */
  inline?: boolean;
  /** A line about the value itself, before the plan's hint (a date picker's chosen day in words). */
  said?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** Label above, control, help, then the error, as TextField lays them out (fields.css). */
export function FieldFrame({ id, plan, error, unitId, inline, said, children }: FieldFrameProps) {
  const hint = [said, plan.hint].filter(Boolean).join(" ");
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [unitId, hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy });
  const label = (
    <span className="schema-field-label">
      <label htmlFor={id}>{plan.label}</label>
      {/* Outside the label so the field's name stays its title; the input carries `required`. */}
      {plan.optional && !inline && <span className="schema-field-optional">Optional</span>}
    </span>
  );
  return (
    <div className="field schema-field" data-field={plan.key}>
      {inline ? (
        <div className="schema-switch-row">
          {label}
          {control}
        </div>
      ) : (
        <>
          {label}
          {control}
        </>
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
