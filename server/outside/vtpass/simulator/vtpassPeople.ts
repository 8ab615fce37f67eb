import { createHash } from "node:crypto";

/**
 * Stable made-up customers for merchant-verify: a sha256 of the smartcard or meter number picks the
 * name, address and the rest, so the same number always shows the same person, across restarts.
 */

const firstNames = [
  "Chinedu",
  "Aisha",
  "Oluwaseun",
  "Ngozi",
  "Ibrahim",
  "Funmilayo",
  "Emeka",
  "Hauwa",
  "Tunde",
  "Chiamaka",
];
const lastNames = [
  "Okafor",
  "Bello",
  "Adeyemi",
  "Eze",
  "Musa",
  "Ogunleye",
  "Nwosu",
  "Abubakar",
  "Balogun",
  "Okonkwo",
];
const streets = [
  "Adeola Odeku Street",
  "Allen Avenue",
  "Aminu Kano Crescent",
  "Ogui Road",
  "Ring Road",
  "Ahmadu Bello Way",
];
const towns = ["Victoria Island, Lagos", "Ikeja, Lagos", "Wuse II, Abuja", "Enugu", "Ibadan", "Kaduna"];
const businessUnits = ["Ikeja", "Oshodi", "Abule Egba", "Ikorodu", "Lekki", "Garki", "Ojo", "Island"];

export interface VtpassPerson {
  /** Upper case, as billers answer it. */
  name: string;
  address: string;
  businessUnit: string;
  /** A biller's own customer number (not the smartcard). */
  customerNumber: string;
  /** Days until a smartcard's subscription is due: 1 to 28. */
  dueInDays: number;
  /** Picks one of `list` the same way every time for this number. */
  pick<T>(list: readonly T[]): T;
}

export function personFor(number: string): VtpassPerson {
  const hash = createHash("sha256").update(number).digest();
  const byte = (i: number) => hash[i] ?? 0;
  const pickAt = <T>(list: readonly T[], i: number) => list[byte(i) % list.length] as T;
  return {
    name: `${pickAt(firstNames, 0)} ${pickAt(lastNames, 1)}`.toUpperCase(),
    address: `${1 + (byte(2) % 80)} ${pickAt(streets, 3)}, ${pickAt(towns, 4)}`,
    businessUnit: pickAt(businessUnits, 5),
    customerNumber: String(hash.readUInt32BE(8)).padStart(10, "7"),
    dueInDays: 1 + (byte(6) % 28),
    pick: (list) => pickAt(list, 7),
  };
}
