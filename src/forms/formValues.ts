import { z } from "zod/mini";
import { formatNaira, parseNaira } from "../format/money";
import type { FieldPlan } from "./fieldKinds";

/**
 * The two directions between the API's values and what the inputs hold. Inputs hold text (money as
 * naira, datetimes as the browser's local time) and booleans; the API holds kobo, numbers and ISO
 * strings. The way back is a zod schema, so it runs inside the resolver and its messages show.
 */

export type FormValues = Record<string, unknown>;

export const notAnAmount = "Enter an amount in naira, like 1,000.";

/** Kept in the form's state as it was given: not drawn, or drawn as an "unsupported" box. */
const passesThrough = (plan: FieldPlan) => plan.field.kind === "unsupported";

const two = (n: number) => String(n).padStart(2, "0");

/** An ISO instant → "2025-03-01T10:30" in the browser's time zone, as datetime-local wants. */
function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** What an input shows for one API value (money as "1,500.00", the form AmountField chips fill). */
function toInput(plan: FieldPlan, value: unknown): unknown {
  if (plan.field.kind === "switch") return value === true;
  if (value === undefined || value === null) return "";
  switch (plan.field.kind) {
    case "money":
      return typeof value === "number" ? formatNaira(value).replace(/^₦/, "") : String(value);
    case "datetime":
      return typeof value === "string" ? localDateTime(value) : "";
    default:
      return String(value);
  }
}

/**
 * Initial input values: `values` where given, else the schema's default, else empty. Fields of the
 * schema the form does not draw (see SchemaForm's `fields`) keep their given value, untouched, so a
 * form of some fields still sends a whole, valid body. Keys the schema lacks are dropped.
 */
export function toFormValues(
  schema: z.ZodMiniObject,
  plans: readonly FieldPlan[],
  values: Record<string, unknown> | undefined,
): FormValues {
  const out: FormValues = {};
  for (const key of Object.keys(schema.shape)) {
    if (values?.[key] !== undefined) out[key] = values[key];
  }
  for (const plan of plans) {
    const given = values?.[plan.key];
    const value = given === undefined && plan.hasDefault ? plan.defaultValue : given;
    out[plan.key] = passesThrough(plan) ? value : toInput(plan, value);
  }
  return out;
}

/**
 * From an input's value to the API's, before the field's own schema sees it. An empty input means
 * "no value": null where the field allows it, else left out (so a default applies, an optional
 * field stays out, and a required one reads "… is required.").
 */
function fromInput(plan: FieldPlan): z.ZodMiniType {
  const empty = plan.nullable ? null : undefined;
  const kind = plan.field.kind;
  const options = plan.field.kind === "select" ? plan.field.options : [];
  if (kind === "switch") return z.boolean();
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      if (text.trim() === "") {
        // A required text field keeps "", so the schema's own min() decides what is too short.
        const keepsText = kind === "text" || kind === "textarea";
        return keepsText && !plan.optional && !plan.nullable ? text : empty;
      }
      switch (kind) {
        case "money": {
          const amount = parseNaira(text);
          if (amount === null) ctx.issues.push({ code: "custom", message: notAnAmount, input: text });
          return amount ?? z.NEVER;
        }
        case "number":
        case "percent":
          return Number(text);
        case "datetime": {
          const d = new Date(text); // no offset: the browser's local time, as the person saw it
          return Number.isNaN(d.getTime()) ? text : d.toISOString();
        }
        case "select":
          // Number options come back from <select> as text.
          return options.find((option) => String(option) === text) ?? text;
        default:
          return text;
      }
    }),
  );
}

/**
 * The resolver's schema: the given one with each drawn field's input converted first. safeExtend
 * keeps the object's refinements and strictness, and each field still ends in its own schema, so
 * what reaches onSubmit is exactly what `schema.parse` gives for the converted values.
 */
export function formSchemaFor<S extends z.ZodMiniObject>(
  schema: S,
  plans: readonly FieldPlan[],
): z.ZodMiniType<z.output<S>, FormValues> {
  const shape = schema.shape as Record<string, z.ZodMiniType>;
  const converted: Record<string, z.ZodMiniType> = {};
  for (const plan of plans) {
    const own = shape[plan.key];
    if (own && !passesThrough(plan)) converted[plan.key] = z.pipe(fromInput(plan), own);
  }
  const extended: z.ZodMiniType<Record<string, unknown>, FormValues> = z.safeExtend(
    schema,
    converted as never,
  );
  return z.pipe(extended, z.transform(withoutUndefined)) as never;
}

/** An optional field left empty is left out, as if never given, rather than sent as `undefined`. */
function withoutUndefined(values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
