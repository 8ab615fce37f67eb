import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { humanise } from "../../../schemas/readable";
import { chosenDayWords } from "../../components/DateField";
import type { FieldPlan } from "../fieldKinds";
import { type ControlProps, FieldFrame } from "./FieldFrame";

interface SchemaFieldProps {
  plan: FieldPlan;
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** The field's current value, for a date picker's line in the app's own date format. */
  value?: unknown;
}

/** Layer 3: one field of the schema, drawn as the input its kind asks for. */
export function SchemaField({ plan, id, error, registration, value }: SchemaFieldProps) {
  const field = plan.field;
  const frame = { id, plan, error };
  // `required` tells assistive technology; the form is noValidate, so the schema's words show instead.
  const required = !plan.optional;
  switch (field.kind) {
    case "unsupported":
      return (
        <div className="schema-field-unsupported" role="alert" data-field={plan.key}>
          <p>{`Cannot render field "${plan.key}": ${field.type} is not supported.`}</p>
          {error && <p>{error}</p>}
        </div>
      );
    case "switch":
      return (
        <FieldFrame {...frame} inline>
          {(control) => (
            <span className="schema-switch">
              {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; ARIA in HTML says not to repeat it with aria-checked. */}
              <input type="checkbox" role="switch" {...control} {...registration} />
              {/* The words come from CSS, so the state is seen without relying on colour alone. */}
              <span className="schema-switch-state" aria-hidden="true" />
            </span>
          )}
        </FieldFrame>
      );
    case "textarea":
      return (
        <FieldFrame {...frame}>
          {(control) => <textarea rows={4} required={required} {...control} {...registration} />}
        </FieldFrame>
      );
    case "select":
      return (
        <FieldFrame {...frame}>
          {(control) => (
            <select required={required} {...control} {...registration}>
              {/* A required choice starts unchosen rather than quietly picking the first option. */}
              <option value="" disabled={required}>
                {required ? "Choose…" : "None"}
              </option>
              {field.options.map((option) => (
                <option key={String(option)} value={String(option)}>
                  {humanise(String(option))}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      );
    case "money":
    case "percent": {
      const unitId = `${id}-unit`;
      const money = field.kind === "money";
      return (
        <FieldFrame {...frame} unitId={unitId}>
          {(control) => (
            <Affixed unitId={unitId} unit={money ? "₦" : "%"} before={money}>
              {money ? (
                <input
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  {...inputProps(control, required)}
                  {...registration}
                />
              ) : (
                <input
                  type="number"
                  step="0.01"
                  inputMode="decimal"
                  {...inputProps(control, required)}
                  {...registration}
                />
              )}
            </Affixed>
          )}
        </FieldFrame>
      );
    }
    case "number":
      return (
        <FieldFrame {...frame}>
          {(control) => (
            <input
              type="number"
              step={field.integer ? 1 : "any"}
              min={field.min}
              max={field.max}
              inputMode={field.integer ? "numeric" : "decimal"}
              {...inputProps(control, required)}
              {...registration}
            />
          )}
        </FieldFrame>
      );
    default: {
      const type = { text: "text", date: "date", datetime: "datetime-local" }[field.kind];
      return (
        <FieldFrame {...frame} said={field.kind === "date" ? chosenDayWords(value) : undefined}>
          {(control) => <input type={type} {...inputProps(control, required)} {...registration} />}
        </FieldFrame>
      );
    }
  }
}

const inputProps = (control: ControlProps, required: boolean) => ({ ...control, required });

/** An input with its unit beside it: "₦" in front of money, "%" after a percentage. */
function Affixed(props: { unitId: string; unit: string; before: boolean; children: ReactNode }) {
  const unit = (
    <span className="schema-affix" id={props.unitId}>
      {props.unit}
    </span>
  );
  return (
    <span className={`schema-affixed${props.before ? " unit-before" : ""}`}>
      {props.before && unit}
      {props.children}
      {!props.before && unit}
    </span>
  );
}
