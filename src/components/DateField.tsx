import { formatDate } from "../format/formatDate";
import { TextField, type TextFieldProps } from "./TextField";

/**
 * "Chosen: Nov 27, 2026." for a whole date a picker holds, "No day chosen yet." otherwise: the line
 * under every date picker, this field's and the console editors' (SchemaField). Always a line, so a
 * form is as tall before a day is picked as after (the profile's placeholder is sized to it).
 */
export function chosenDayWords(value: unknown): string {
  if (typeof value === "string" && value) {
    try {
      return `Chosen: ${formatDate(value)}.`;
    } catch {
      // Half typed: no day yet.
    }
  }
  return "No day chosen yet.";
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
  return <TextField {...props} type="date" hint={[chosenDayWords(chosen), hint].filter(Boolean).join(" ")} />;
}
