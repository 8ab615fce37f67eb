import { type JSX, useId, useMemo } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { ApiFailure } from "../api/client";
import { planFields } from "./fieldKinds";
import { SchemaField } from "./fields/SchemaField";
import { type FormValues, formSchemaFor, toFormValues } from "./formValues";
import { schemaResolver } from "./schemaResolver";
import { showServerFieldErrors } from "./serverFieldErrors";
import "../components/fields.css";
import "./schemaForm.css";

export interface SchemaFormProps<S extends z.ZodMiniObject> {
  /** A zod object (strictObject included); refinements on the object are allowed. */
  schema: S;
  /** Initial values in API form: money in kobo, percentages as numbers, dates as ISO strings. */
  values?: Partial<z.input<S>>;
  /** Gets the parsed values, exactly what `schema.parse` gives (money in kobo). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a plain callback that returns nothing is allowed too.
  onSubmit: (values: z.output<S>) => Promise<unknown> | void;
  /** Default "Save". */
  submitLabel?: string;
  /** Only these fields, in this order; the others keep what `values` gave them. */
  fields?: readonly (keyof z.input<S> & string)[];
  disabled?: boolean;
  /** The form's id, for a heading's aria-labelledby or a button's `form`; also prefixes field ids. */
  id?: string;
  /**
   * For an edit: `onSubmit` gets only the fields whose value differs from `values`, so a PATCH names
   * what this person changed and cannot undo someone else's change to another field. With nothing
   * changed the form says so instead of calling `onSubmit`.
   */
  onlyChanges?: boolean;
}

const somethingWrong = "Could not save. Please try again.";
const nothingChanged = "Nothing to save: no field has changed.";

/** The parsed fields that differ from the starting values (compared as JSON, so 0 and "0" differ). */
function changesFrom(parsed: Record<string, unknown>, values: Record<string, unknown> | undefined) {
  return Object.fromEntries(
    Object.entries(parsed).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(values?.[key])),
  );
}

const messageOf = (error: unknown): string | undefined => {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && message ? message : undefined;
};

/**
 * Draws a form from a zod object schema (docs/ARCHITECTURE.md, "The form-schema admin builder"):
 * fieldKinds.ts decides each field's input, formValues.ts converts between inputs and API values,
 * fields/ draws them. Adding a field to the schema adds it here with no change to this file.
 */
export function SchemaForm<S extends z.ZodMiniObject>({
  schema,
  values,
  onSubmit,
  submitLabel = "Save",
  fields,
  disabled = false,
  id,
  onlyChanges = false,
}: SchemaFormProps<S>): JSX.Element {
  const autoId = useId();
  const formId = id ?? autoId;
  // Keyed on the names, not the array, so an inline `fields={[…]}` does not rebuild the resolver.
  const fieldsKey = fields?.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: fieldsKey stands for `fields`.
  const plans = useMemo(() => planFields(schema, fields), [schema, fieldsKey]);
  const resolver = useMemo(() => schemaResolver(formSchemaFor(schema, plans)), [schema, plans]);
  // RHF compares these deeply, so a re-render with equal values keeps what the person typed.
  const formValues = useMemo(
    () => toFormValues(schema, plans, values as Record<string, unknown> | undefined),
    [schema, plans, values],
  );
  const form = useForm<FormValues, unknown, z.output<S>>({
    resolver,
    values: formValues,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const drawn = plans.map((plan) => plan.key);

  const submit = form.handleSubmit(async (parsed) => {
    const sending = onlyChanges ? changesFrom(parsed, values) : parsed;
    if (Object.keys(sending).length === 0) {
      form.setError("root.server", { type: "unchanged", message: nothingChanged });
      return;
    }
    try {
      await onSubmit(sending as z.output<S>);
    } catch (error) {
      // Said already by what this form sits in (the sell-at-a-loss step): not said twice.
      if (error instanceof ApiFailure && error.shownOnScreen) return;
      showServerFieldErrors(error, form.setError, drawn);
      const message = formLevelMessage(error, drawn);
      if (message) form.setError("root.server", { type: "server", message });
      if (error instanceof ApiFailure) error.showOnScreen();
    }
  });

  const formErrors = [...otherErrors(errors, drawn), errors.root?.server?.message].filter(
    (message): message is string => Boolean(message),
  );

  return (
    <form id={formId} className="schema-form" noValidate onSubmit={submit}>
      <fieldset className="schema-form-fields" disabled={disabled}>
        {plans.map((plan) => (
          <SchemaField
            key={plan.key}
            plan={plan}
            id={`${formId}-${plan.key}`}
            error={messageOf(errors[plan.key])}
            registration={form.register(plan.key)}
            {...(plan.field.kind === "date" && { value: form.watch(plan.key) })}
          />
        ))}
      </fieldset>
      {formErrors.map((message) => (
        <p key={message} className="schema-form-error" role="alert">
          {message}
        </p>
      ))}
      <button type="submit" className="button" disabled={disabled || isSubmitting}>
        {isSubmitting ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}

/** Errors with nowhere else to go: the object's own ("_" or no path), or fields the form does not draw. */
function otherErrors(errors: FieldErrors<FormValues>, drawn: readonly string[]): (string | undefined)[] {
  return Object.entries(errors)
    .filter(([key]) => key !== "root" && !drawn.includes(key))
    .map(([, error]) => messageOf(error));
}

/**
 * Above the button: the server's message for the whole body ("_"), else its words for fields this
 * form does not draw, else its `msg` when nothing landed under a field (the 400 `msg` repeats the
 * first field message, so it is not said twice).
 */
function formLevelMessage(error: unknown, drawn: readonly string[]): string | undefined {
  if (!(error instanceof ApiFailure)) return somethingWrong;
  const fields = Object.entries(error.fields ?? {}).filter(([, messages]) => messages[0]);
  const whole = fields.find(([key]) => key === "_");
  const elsewhere = fields.find(([key]) => !drawn.includes(key));
  const placed = fields.some(([key]) => drawn.includes(key));
  return (whole ?? elsewhere)?.[1][0] ?? (placed ? undefined : error.msg);
}
