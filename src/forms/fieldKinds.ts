import { z } from "zod/mini";
import { kobo } from "../../schemas/common";
import { humanise } from "../../schemas/readable";

/**
 * Layers 1 and 2 of SchemaForm: walk one field of a zod object down to its base type, then decide
 * which input draws it. No React here, so the rules can be read (and tested) on their own.
 */

export type FieldKind =
  | { kind: "text" | "textarea" | "date" | "datetime" | "money" | "percent" | "switch" }
  | { kind: "number"; integer: boolean; min: number | undefined; max: number | undefined }
  | { kind: "select"; options: readonly (string | number)[] }
  | { kind: "unsupported"; type: string };

export interface FieldPlan {
  key: string;
  label: string;
  hint: string | undefined;
  /** Left out (`optional`) or filled in by the schema (`default`): the person need not fill it. */
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
  defaultValue: unknown;
  field: FieldKind;
}

type Meta = { title?: unknown; description?: unknown; widget?: unknown };

interface Unwrapped {
  base: z.core.$ZodType;
  meta: Meta;
  optional: boolean;
  nullable: boolean;
  hasDefault: boolean;
  defaultValue: unknown;
}

/** Peels the wrappers that say how a value may be missing, keeping what they say and their meta. */
export function unwrap(schema: z.core.$ZodType): Unwrapped {
  const out: Unwrapped = {
    base: schema,
    meta: {},
    optional: false,
    nullable: false,
    hasDefault: false,
    defaultValue: undefined,
  };
  let current: z.core.$ZodType = schema;
  // Bounded, because a lazy schema may refer to itself.
  for (let depth = 0; depth < 32; depth++) {
    // The outer layer's meta wins: `.optional().meta({ title })` names the field, not the string.
    for (const [name, value] of Object.entries(z.globalRegistry.get(current) ?? {})) {
      if (!(name in out.meta)) (out.meta as Record<string, unknown>)[name] = value;
    }
    const def = current._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    switch (def.type) {
      case "optional":
        out.optional = true;
        break;
      case "nullable":
        out.nullable = true;
        break;
      case "default":
      case "prefault":
        // Only the outermost default counts: it is the one the parse applies.
        if (!out.hasDefault) {
          out.hasDefault = true;
          out.defaultValue = def.defaultValue;
        }
        break;
      case "nonoptional":
        out.optional = false;
        break;
      case "catch":
      case "readonly":
        break;
      case "pipe":
        // A person types the pipe's input; the schema itself turns it into the output on submit.
        current = def.in as z.core.$ZodType;
        continue;
      case "lazy":
        current = (def.getter as () => z.core.$ZodType)();
        continue;
      default:
        out.base = current;
        return out;
    }
    current = def.innerType as z.core.$ZodType;
  }
  out.base = current;
  return out;
}

/** The select's options, when every value the schema allows is a string or a number. */
function choices(base: z.core.$ZodType): (string | number)[] | undefined {
  const values = base._zod.values;
  if (!values || values.size === 0) return undefined;
  const list = [...values];
  return list.every((v) => typeof v === "string" || typeof v === "number")
    ? (list as (string | number)[])
    : undefined;
}

interface CheckSummary {
  format: string | undefined;
  integer: boolean;
  min: number;
  max: number;
}

type CheckDef = { check?: string; format?: string; value?: unknown; inclusive?: boolean };

/**
 * What a string's or number's checks say of it: the last format, a whole number (an integer format or
 * a whole multipleOf), and the tightest bounds (an integer format's range included). The same reading
 * classic zod's `format`, `isInt`, `minValue` and `maxValue` give, done here on the core def, which
 * zod/mini schemas share; a format schema (`z.iso.date()`) is its own first check.
 */
function summarise(base: z.core.$ZodType): CheckSummary {
  const def = base._zod.def;
  const own = base._zod.traits.has("$ZodCheck") ? [base as unknown as z.core.$ZodCheck] : [];
  const out: CheckSummary = { format: undefined, integer: false, min: -Infinity, max: Infinity };
  for (const check of [...own, ...(def.checks ?? [])]) {
    const c = check._zod.def as CheckDef;
    const value = typeof c.value === "number" ? c.value : undefined;
    switch (c.check) {
      case "string_format":
        out.format = c.format;
        break;
      case "number_format": {
        out.format = c.format;
        if (c.format?.includes("int")) out.integer = true;
        const range = c.format
          ? z.util.NUMBER_FORMAT_RANGES[c.format as z.core.$ZodNumberFormats]
          : undefined;
        if (range) {
          out.min = Math.max(out.min, range[0]);
          out.max = Math.min(out.max, range[1]);
        }
        break;
      }
      case "greater_than":
        if (value !== undefined) out.min = Math.max(out.min, value);
        break;
      case "less_than":
        if (value !== undefined) out.max = Math.min(out.max, value);
        break;
      case "multiple_of":
        if (value !== undefined && Number.isSafeInteger(value)) out.integer = true;
        break;
    }
  }
  return out;
}

/** Layer 2: which input, from the base type, its format and `meta.widget`. */
export function kindOf(base: z.core.$ZodType, widget: unknown): FieldKind {
  const type = base._zod.def.type;
  if (type === "string") {
    const { format } = summarise(base);
    if (widget === "textarea") return { kind: "textarea" };
    if (widget === "datetime" || format === "datetime") return { kind: "datetime" };
    if (format === "date") return { kind: "date" };
    return { kind: "text" };
  }
  if (type === "number") {
    if (widget === "money") return { kind: "money" };
    if (widget === "percent") return { kind: "percent" };
    const { integer, min, max } = summarise(base);
    const finite = (n: number) => (Number.isFinite(n) ? n : undefined);
    return { kind: "number", integer, min: finite(min), max: finite(max) };
  }
  if (type === "boolean") return { kind: "switch" };
  // enum, literal, and a union of literals all list their values; any other union does not.
  if (type === "enum" || type === "literal" || type === "union") {
    const options = choices(base);
    if (options) return { kind: "select", options };
  }
  return { kind: "unsupported", type };
}

// kobo's own description ("Amount in kobo") documents the API; the form shows naira, so it would mislead.
const koboDescription = z.globalRegistry.get(kobo)?.description;

export function planField(key: string, schema: z.core.$ZodType): FieldPlan {
  const { base, meta, optional, nullable, hasDefault, defaultValue } = unwrap(schema);
  const field = kindOf(base, meta.widget);
  const title = typeof meta.title === "string" && meta.title ? meta.title : undefined;
  let description = typeof meta.description === "string" && meta.description ? meta.description : undefined;
  if (field.kind === "money" && description === koboDescription) description = undefined;
  const label = title ?? description ?? humanise(key);
  return {
    key,
    label,
    // Said once: a description that became the label is not repeated as help.
    hint: title ? description : undefined,
    optional: optional || hasDefault,
    nullable,
    hasDefault,
    defaultValue,
    field,
  };
}

/** Every field of the object, or only `only`, in that order. */
export function planFields(schema: z.ZodMiniObject, only?: readonly string[]): FieldPlan[] {
  const shape = schema.shape as Record<string, z.core.$ZodType>;
  const keys = only ?? Object.keys(shape);
  return keys.flatMap((key) => {
    const field = shape[key];
    return field ? [planField(key, field)] : [];
  });
}
