import { randomInt } from "node:crypto";

/** One PIN an education purchase delivered, kept with the transaction so every requery repeats it. */
export interface SimulatedExamPin {
  pin: string;
  /** WAEC result checkers have one; registration tokens and JAMB PINs do not. */
  serial: string | null;
}

const randomDigits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join("");

/**
 * `quantity` new PINs in the shape each service gives them: WAEC's 12-digit PIN and WRN serial, a
 * 19-digit registration token, JAMB's 16 digits.
 */
export function newExamPins(serviceID: string, quantity: number): SimulatedExamPin[] {
  return Array.from({ length: quantity }, () => {
    switch (serviceID) {
      case "waec":
        return { pin: randomDigits(12), serial: `WRN${randomDigits(9)}` };
      case "waec-registration":
        return { pin: randomDigits(19), serial: null };
      default:
        return { pin: randomDigits(16), serial: null };
    }
  });
}

/**
 * The PIN fields at the top level of a delivered answer, as VTpass writes them for each service:
 * WAEC's result checker `cards: [{Serial, Pin}]`, registration `tokens: ["…"]`, JAMB `Pin: "Pin : …"`,
 * each with `purchased_code` saying the same in words. VTpass documents one PIN's `purchased_code`;
 * for several the simulator joins them with " || ".
 */
export function examPinFields(serviceID: string, pins: readonly SimulatedExamPin[]): Record<string, unknown> {
  switch (serviceID) {
    case "waec":
      return {
        purchased_code: pins.map((p) => `Serial No:${p.serial}, pin: ${p.pin}`).join(" || "),
        cards: pins.map((p) => ({ Serial: p.serial, Pin: p.pin })),
      };
    case "waec-registration":
      return {
        purchased_code: pins.map((p) => `Token: ${p.pin}`).join(" || "),
        tokens: pins.map((p) => p.pin),
      };
    default: {
      const written = pins.map((p) => `Pin : ${p.pin}`).join(" || ");
      return { purchased_code: written, Pin: written };
    }
  }
}
