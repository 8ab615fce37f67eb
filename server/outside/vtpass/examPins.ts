import { z } from "zod";
import type { Voucher } from "../../../schemas/transactions";
import { lenient, scalarText } from "../lenientJson";

/**
 * The PINs of a delivered education answer, from whichever shape VTpass wrote them in: WAEC's result
 * checker `cards: [{Serial, Pin}]`, WAEC registration `tokens: ["…"]`, JAMB `Pin: "Pin : 3678…"`,
 * and `purchased_code` saying them in words ("Serial No:WRN…, pin: 0987…", "Token: 0100…",
 * "Pin : 3678…"). Each shape is read on its own and the one giving the most PINs wins, so a shape
 * missing or garbled does not lose what another carries; a PIN that cannot be read is left out, and
 * the core then keeps a purchase with fewer PINs than bought pending (vouchers.ts, withEveryPin).
 */

const card = z.looseObject({
  Serial: lenient(scalarText),
  Pin: lenient(scalarText),
  serial: lenient(scalarText),
  pin: lenient(scalarText),
});
const examPinAnswer = z.looseObject({
  cards: lenient(z.array(lenient(card))),
  tokens: lenient(z.array(lenient(scalarText))),
  Pin: lenient(scalarText),
  purchased_code: lenient(scalarText),
});
type ExamPinAnswer = z.infer<typeof examPinAnswer>;

/** A PIN or serial as written, without spaces; nothing when it is empty. */
const cleaned = (text: string | undefined) => {
  const written = text?.replace(/\s+/g, "");
  return written ? written.slice(0, 64) : undefined;
};

function fromCards(cards: ExamPinAnswer["cards"]): Voucher[] {
  return (cards ?? []).flatMap((c) => {
    const pin = cleaned(c?.Pin ?? c?.pin);
    return pin ? [{ pin, serial: cleaned(c?.Serial ?? c?.serial) ?? null }] : [];
  });
}

const fromTokens = (tokens: ExamPinAnswer["tokens"]): Voucher[] =>
  (tokens ?? []).flatMap((t) => {
    const pin = cleaned(t);
    return pin ? [{ pin, serial: null }] : [];
  });

const serialAndPin = /serial\s*(?:no\.?|number)?\s*:\s*([A-Za-z0-9-]+)\W+pin\s*:\s*([A-Za-z0-9-]+)/gi;
const labelledPin = /(?:pin|token)\s*:\s*([A-Za-z0-9-]+)/gi;

/**
 * PINs said in words: serial and PIN pairs, else every "Pin :" or "Token:" with what follows it, else
 * a bare PIN.
 */
function fromWords(text: string | undefined): Voucher[] {
  if (!text) return [];
  if (/^\s*[A-Za-z0-9-]{6,64}\s*$/.test(text)) return [{ pin: text.trim(), serial: null }];
  const pairs = [...text.matchAll(serialAndPin)].map(([, serial, pin]) => ({
    pin: pin as string,
    serial: serial ?? null,
  }));
  if (pairs.length > 0) return pairs;
  return [...text.matchAll(labelledPin)].map(([, pin]) => ({ pin: pin as string, serial: null }));
}

export function readExamPins(json: unknown): Voucher[] {
  const parsed = examPinAnswer.safeParse(json);
  if (!parsed.success) return [];
  const answer = parsed.data;
  const readings = [
    fromCards(answer.cards),
    fromTokens(answer.tokens),
    fromWords(answer.Pin),
    fromWords(answer.purchased_code),
  ];
  return readings.reduce((most, reading) => (reading.length > most.length ? reading : most), []);
}
