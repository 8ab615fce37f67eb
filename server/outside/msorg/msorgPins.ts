import { z } from "zod";
import type { Voucher } from "../../../schemas/transactions";
import { lenient, scalarText } from "../lenientJson";

/**
 * The PINs an `epin/` record delivered (docs/PROVIDERS.md, "Exam PINs at the vendors"). The MSORG
 * convention writes each card as `<pin><=><serial>` in `data_pin.pin`, several cards one a line;
 * scripts built on it also put the same text in a top-level `pin` or `pins`, or list `data_pin` as
 * Django's serialized rows (`[{fields: {pin, serial}}]`). Pure: a record in, its cards out.
 */

const card = z.looseObject({
  pin: lenient(scalarText),
  serial: lenient(scalarText),
  fields: lenient(z.looseObject({ pin: lenient(scalarText), serial: lenient(scalarText) })),
});
const pinFields = z.looseObject({
  data_pin: lenient(z.union([card, z.array(z.unknown())])),
  pin: lenient(scalarText),
  pins: lenient(scalarText),
});

/** One card's text: `<pin><=><serial>`, or a PIN alone; nothing when it holds no PIN. */
function cardOf(text: string, serial?: string): Voucher | undefined {
  const [pin = "", written] = text.split("<=>").map((part) => part.trim());
  if (!/^[\w-]{4,64}$/.test(pin)) return undefined;
  const kept = (written ?? serial)?.trim();
  return { pin, serial: kept && /^[\w-]{1,64}$/.test(kept) ? kept : null };
}

/** Cards written one a line (or separated by commas or semicolons, as some scripts join them). */
const cardsIn = (text: string): Voucher[] =>
  text
    .split(/[\r\n,;]+/)
    .map((line) => cardOf(line))
    .filter((found) => found !== undefined);

function rowsOf(rows: unknown[]): Voucher[] {
  return rows.flatMap((row) => {
    const parsed = card.safeParse(row);
    if (!parsed.success) return [];
    const pin = parsed.data.fields?.pin ?? parsed.data.pin;
    const serial = parsed.data.fields?.serial ?? parsed.data.serial;
    const found = pin === undefined ? undefined : cardOf(pin, serial);
    return found ? [found] : [];
  });
}

/** The cards a record carries, in its order; an empty list when it carries none that can be read. */
export function pinsOf(record: unknown): Voucher[] {
  const parsed = pinFields.safeParse(record);
  if (!parsed.success) return [];
  const { data_pin, pin, pins } = parsed.data;
  if (Array.isArray(data_pin)) return rowsOf(data_pin);
  // One card may come as `{pin, serial}` rather than in the `<=>` text.
  if (data_pin?.pin !== undefined && !/<=>|[\r\n,;]/.test(data_pin.pin)) return rowsOf([data_pin]);
  const text = data_pin?.pin ?? pin ?? pins;
  return text === undefined ? [] : cardsIn(text);
}
