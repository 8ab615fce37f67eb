import { formatDate } from "../format/formatDate";
import { TextField, type TextFieldProps } from "./TextField";

/**
 * "Chosen: Nov 27, 2026." for a whole date a picker holds, nothing for an empty or half-typed one:
 * the line under every date picker, this field's and the console editors' (SchemaField).
 */
export function chosenDayWords(value: unknown): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  try {
    return `Chosen: ${formatDate(value)}.`;
  } catch {
    return undefined;
  }
}

/**
 * A date picker that also says the chosen date the way the app writes dates. The browser draws the
 * picker in its own locale (03/04/2026 in an en-US browser), which beside "Nov 27, 2026" everywhere
 * else leaves a customer unsure which day they chose; the line under it settles it. `chosen` is the
 * field's value: the controlled value, or react-hook-form's `watch` of it.
 */
export function DateField({
  chosen,
  hint,
  ...props
}: Omit<TextFieldProps, "type"> & { chosen: string | undefined }) {
  const said = [chosenDayWords(chosen), hint].filter(Boolean).join(" ");
  return <TextField {...props} type="date" {...(said && { hint: said })} />;
}
