import { randomInt } from "node:crypto";
import { mainTokenDiscos } from "./vtpassCatalogue";
import type { VtpassPerson } from "./vtpassPeople";

/** What a prepaid meter purchase delivers: kept with the transaction so a requery repeats it. */
export interface PrepaidToken {
  /** 20 digits, no spaces. */
  digits: string;
  /** kWh, one decimal: "79.9". */
  units: string;
  exchangeReference: string;
  /** KCT1 and KCT2, for a meter the simulated disco is upgrading (numbers ending 88); else none. */
  kcts: [string, string] | null;
}

/** The tariff the simulator sells at, naira per kWh. */
const nairaPerKwh = 209.5;
/** VAT, included in the amount paid. */
const vatPercent = 7.5;

const randomDigits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join("");

export function newPrepaidToken(amountKobo: number, meter = ""): PrepaidToken {
  return {
    kcts: meter.endsWith("88") ? [randomDigits(20), randomDigits(20)] : null,
    digits: randomDigits(20),
    units: (amountKobo / 100 / nairaPerKwh).toFixed(1),
    exchangeReference: randomDigits(16),
  };
}

const naira = (kobo: number) => Math.round(kobo) / 100;

/**
 * The token fields at the top level of a pay or requery answer, in the shapes real discos use: most
 * write "Token : 4216 7329 4244 9326 7093" and "79.9 kWh"; Eko and Abuja a bare `mainToken`, units
 * without their unit, and "Token: 4216…" with no space before the colon and no groups.
 */
export function prepaidTokenFields(
  serviceID: string,
  token: PrepaidToken,
  amountKobo: number,
  customer: VtpassPerson,
): Record<string, unknown> {
  const taxKobo = Math.round((amountKobo * vatPercent) / (100 + vatPercent));
  if (mainTokenDiscos.includes(serviceID)) {
    return {
      purchased_code: `Token: ${token.digits}`,
      mainToken: token.digits,
      mainTokenDescription: "Normal Sale",
      mainTokenUnits: token.units,
      mainTokenTax: naira(taxKobo),
      mainsTokenAmount: naira(amountKobo - taxKobo),
      customerName: customer.name,
      customerAddress: customer.address,
      exchangeReference: token.exchangeReference,
    };
  }
  const grouped = `Token : ${token.digits.replace(/(\d{4})(?=\d)/g, "$1 ")}`;
  return {
    purchased_code: grouped,
    token: grouped,
    units: `${token.units} kWh`,
    customerName: customer.name,
    customerAddress: customer.address,
    tokenAmount: naira(amountKobo - taxKobo),
    taxAmount: naira(taxKobo),
    exchangeReference: token.exchangeReference,
    ...(token.kcts && { KCT1: token.kcts[0], KCT2: token.kcts[1] }),
  };
}
