import { formatDate } from "../format/formatDate";
import { TextField, type TextFieldProps } from "./TextField";

/** "Nov 27, 2026" for a whole date the picker holds, nothing for an empty or half-typed one. */
function inAppWords(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return formatDate(value);
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
  const words = inAppWords(chosen);
  const said = [words && `Chosen: ${words}.`, hint].filter(Boolean).join(" ");
  return <TextField {...props} type="date" {...(said && { hint: said })} />;
}
