/**
 * What the simulated vendor sells, by its own ids. As at a real vendor the ids are per service:
 * `topup/` numbers the networks 1 MTN, 2 GLO, 3 9MOBILE, 4 AIRTEL, while `data/` swaps GLO and
 * 9MOBILE (2 9MOBILE, 3 GLO), as Alrahuz's published integration does.
 */

export type MsorgService = "topup" | "data" | "cablesub" | "billpayment" | "epin" | "rechargepin";
export const msorgServices: readonly MsorgService[] = [
  "topup",
  "data",
  "cablesub",
  "billpayment",
  "epin",
  "rechargepin",
];

export const topupNetworks: Record<number, string> = { 1: "MTN", 2: "GLO", 3: "9MOBILE", 4: "AIRTEL" };
export const dataNetworks: Record<number, string> = { 1: "MTN", 2: "9MOBILE", 3: "GLO", 4: "AIRTEL" };

export const cables: Record<number, string> = { 1: "GOTV", 2: "DSTV", 3: "STARTIMES" };

export interface CablePlan {
  id: number;
  cablename: number;
  name: string;
  amountKobo: number;
}

const cablePlan = (id: number, cablename: number, name: string, naira: number): CablePlan => ({
  id,
  cablename,
  name,
  amountKobo: naira * 100,
});

export const cablePlans: readonly CablePlan[] = [
  cablePlan(1, 1, "GOtv Smallie", 1_900),
  cablePlan(2, 1, "GOtv Jinja", 3_900),
  cablePlan(3, 1, "GOtv Jolli", 5_800),
  cablePlan(4, 1, "GOtv Max", 8_500),
  cablePlan(5, 1, "GOtv Supa", 11_400),
  cablePlan(6, 2, "DStv Padi", 4_400),
  cablePlan(7, 2, "DStv Yanga", 6_000),
  cablePlan(8, 2, "DStv Confam", 11_000),
  cablePlan(9, 2, "DStv Compact", 19_000),
  cablePlan(10, 2, "DStv Compact Plus", 30_000),
  cablePlan(11, 2, "DStv Premium", 44_500),
  cablePlan(12, 3, "Startimes Nova", 2_100),
  cablePlan(13, 3, "Startimes Basic", 4_000),
  cablePlan(14, 3, "Startimes Smart", 5_100),
  cablePlan(15, 3, "Startimes Classic", 6_000),
  cablePlan(16, 3, "Startimes Super", 9_800),
];

/** The discos, numbered as the vendors built on the script number them (1 Ikeja … 11 Yola). */
export const discos: Record<number, string> = {
  1: "Ikeja Electric",
  2: "Eko Electric",
  3: "Abuja Electric",
  4: "Kano Electric",
  5: "Enugu Electric",
  6: "Port Harcourt Electric",
  7: "Ibadan Electric",
  8: "Kaduna Electric",
  9: "Jos Electric",
  10: "Benin Electric",
  11: "Yola Electric",
  12: "Aba Electric",
};

/** Discos whose token the vendor writes only inside `api_response`, not in `token`. */
export const tokenInWordsDiscos: readonly number[] = [2, 3];

export const limitsKobo = {
  airtime: { min: 50_00, max: 50_000_00 },
  electricity: { min: 500_00, max: 500_000_00 },
};

/** The vendor sells airtime at a discount: it charges the wallet 96% of the face value. */
export const airtimeChargePercent = 96;

/**
 * The result checkers `epin/` sells, by the `exam_name` the vendors take (any case), at one PIN's
 * price in kobo, as `user/`'s `Exam` lists them; no JAMB (the vendors sell it nowhere in the script).
 */
export const examPrices: Record<string, number> = { WAEC: 3_800_00, NECO: 1_250_00, NABTEB: 950_00 };

/** The most PINs one `epin/` purchase gives. */
export const maxEpinQuantity = 10;
