import { z } from "zod";
import type { Voucher } from "../../../schemas/transactions";
import { lenient, scalarText } from "../lenientJson";
import { pinsOf } from "./msorgPins";

const rechargeFields = z.looseObject({
  serial: lenient(scalarText),
  load_pin: lenient(scalarText),
  data_pin: lenient(z.array(z.unknown())),
});
const rowLoadPin = z.looseObject({
  load_pin: lenient(scalarText),
  fields: lenient(z.looseObject({ load_pin: lenient(scalarText) })),
});
const listOf = (text: string | undefined) =>
  text === undefined ? [] : text.split(/[\r\n,;]+/).map((part) => part.trim());

/**
 * What a card's user dials, from the vendor's `load_pin` (docs/PROVIDERS.md): a whole code with the
 * PIN in it, a pattern naming `PIN`, or the code's start (`*311*`); anything else is not used, and the
 * network's own code stands (services/purchases/rechargeCards.ts).
 */
function dialCode(loadPin: string | undefined, pin: string): string | undefined {
  const given = loadPin?.trim();
  if (!given || !/^[*#\dA-Za-z]+$/.test(given)) return undefined;
  if (given.includes(pin)) return given;
  if (/pin/i.test(given)) return given.replace(/pin/i, pin);
  if (/^\*\d{2,4}\*$/.test(given)) return `${given}${pin}#`;
  return undefined;
}

/**
 * A `rechargepin/` record's cards (docs/PROVIDERS.md, "Recharge cards at the vendors"): read as
 * `pinsOf` reads PINs, with the serials of a top-level `serial` list in the same order (the vendors
 * answer `"pin": "p1,p2"` and `"serial": "s1,s2"`), and each card's load code from `load_pin`, one for
 * all or one a card. Pure, like `pinsOf`.
 */
export function rechargeCardsOf(record: unknown): Voucher[] {
  const cards = pinsOf(record);
  const parsed = rechargeFields.safeParse(record);
  if (!parsed.success) return cards;
  const serials = listOf(parsed.data.serial);
  const rows = parsed.data.data_pin ?? [];
  const loads = listOf(parsed.data.load_pin);
  return cards.map((card, index) => {
    const serial = card.serial ?? (serials.length === cards.length ? serials[index] : undefined);
    const row = rowLoadPin.safeParse(rows[index]);
    const rowLoad = row.success ? (row.data.fields?.load_pin ?? row.data.load_pin) : undefined;
    const load =
      rowLoad ?? (loads.length === cards.length ? loads[index] : loads.length === 1 ? loads[0] : undefined);
    const code = dialCode(load, card.pin);
    return {
      pin: card.pin,
      serial: serial && /^[\w-]{1,64}$/.test(serial) ? serial : null,
      ...(code ? { load_code: code } : {}),
    };
  });
}
