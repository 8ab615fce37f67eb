import { type AuditFieldKind, auditFieldOf } from "../../../../schemas/auditFields";
import { formatCount } from "../../../format/formatCount";
import { formatDate } from "../../../format/formatDate";
import { formatDateTime } from "../../../format/formatDateTime";
import { formatNaira } from "../../../format/money";

/** One value as the audit page shows it: words, or the items of a list. */
export type AuditCell = string | readonly string[];

export interface ChangeRow {
  key: string;
  label: string;
  before: AuditCell;
  after: AuditCell;
}

/** What a field shows when the entry has no value for it (nothing before a creation, after a deletion). */
export const nothing = "—";

type State = Record<string, unknown>;
const stateOf = (value: unknown): State | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as State) : undefined;

/** A date or time as written when it is not one the formatters can read: the log never throws. */
function readable(format: (text: string) => string, value: string): string {
  try {
    return format(value);
  } catch {
    return value;
  }
}

/** A value by its field's kind: money in naira, a switch as Yes or No, a moment in Lagos time. */
function show(value: unknown, kind: AuditFieldKind): AuditCell {
  if (value === null || value === undefined) return nothing;
  if (kind === "list" && Array.isArray(value)) return value.map(inline);
  if (typeof value === "number") {
    if (kind === "money") return formatNaira(value);
    if (kind === "percent") return `${value}%`;
    if (kind === "count") return formatCount(value);
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" && kind === "time") return readable(formatDateTime, value);
  if (typeof value === "string" && kind === "date") return readable(formatDate, value);
  return inline(value);
}

/** A value on one line: an object inside a list reads as its fields ("Provider code mtn-1gb, Price ₦500.00"). */
function inline(value: unknown): string {
  if (Array.isArray(value)) return value.map(inline).join(", ");
  const state = stateOf(value);
  if (!state) return value === null || value === undefined ? nothing : String(value);
  return Object.entries(state)
    .filter(([key]) => auditFieldOf(key).kind !== "key")
    .map(([key, inner]) => {
      const field = auditFieldOf(key);
      const shown = show(inner, field.kind);
      return `${field.label} ${typeof shown === "string" ? shown : shown.join(", ")}`;
    })
    .join(", ");
}

function rowsOf(before: State | undefined, after: State | undefined, prefix: { key: string; label: string }) {
  // A creation or a deletion shows every field; a change, only the fields that differ.
  const whole = !before || !after;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((key): ChangeRow[] => {
    const field = auditFieldOf(key);
    if (field.kind === "key") return [];
    const was = before?.[key];
    const is = after?.[key];
    const label = prefix.label ? `${prefix.label}: ${field.label}` : field.label;
    const path = `${prefix.key}${key}`;
    if (field.kind === "group" && (stateOf(was) || stateOf(is)))
      return rowsOf(stateOf(was), stateOf(is), { key: `${path}.`, label });
    if (!whole && JSON.stringify(was) === JSON.stringify(is)) return [];
    return [{ key: path, label, before: show(was, field.kind), after: show(is, field.kind) }];
  });
}

/**
 * An entry's `before` and `after` as rows a person reads: the field's label, then each value as its
 * kind says (schemas/auditFields.ts, the one list of which fields are money). Fields that only
 * identify the target are left out; a field written before the list knew it reads as plain text.
 */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  return rowsOf(stateOf(before), stateOf(after), { key: "", label: "" });
}
