import { createHash } from "node:crypto";

/**
 * Stable made-up customers for smartcard and meter checks: a sha256 of the number picks them, so
 * the same number always shows the same person, across restarts.
 */
const firstNames = ["Chinedu", "Aisha", "Oluwaseun", "Ngozi", "Ibrahim", "Funmilayo", "Emeka", "Hauwa"];
const lastNames = ["Okafor", "Bello", "Adeyemi", "Eze", "Musa", "Ogunleye", "Nwosu", "Abubakar"];
const streets = ["Allen Avenue", "Aminu Kano Crescent", "Ogui Road", "Ring Road", "Ahmadu Bello Way"];
const towns = ["Ikeja, Lagos", "Wuse II, Abuja", "Enugu", "Ibadan", "Kaduna"];

export function personFor(number: string): { name: string; address: string } {
  const hash = createHash("sha256").update(number).digest();
  const pick = <T>(list: readonly T[], i: number) => list[(hash[i] ?? 0) % list.length] as T;
  return {
    name: `${pick(firstNames, 0)} ${pick(lastNames, 1)}`.toUpperCase(),
    address: `${1 + ((hash[2] ?? 0) % 80)} ${pick(streets, 3)}, ${pick(towns, 4)}`.toUpperCase(),
  };
}
