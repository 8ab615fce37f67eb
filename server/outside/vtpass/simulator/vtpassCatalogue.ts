/**
 * What the simulated VTpass sells: its service IDs, the plans and bouquets of each data and TV
 * service, and the commission VTpass gives the merchant on each. The app's own seed catalogue is
 * aligned to these codes and prices, as it would be to the real VTpass's.
 */

export type VtpassServiceKind = "airtime" | "data" | "tv" | "electricity" | "education";

export interface VtpassVariation {
  variation_code: string;
  name: string;
  /** The price in kobo; VTpass itself answers naira strings ("480.00"). */
  amountKobo: number;
}

export interface VtpassService {
  serviceID: string;
  kind: VtpassServiceKind;
  /** VTpass's `product_name` on a purchase, and `ServiceName` in its plan list. */
  productName: string;
  /** Commission in basis points of the amount (300 = 3%), rounded down to the kobo when applied. */
  commissionBp: number;
  /** Data plans, TV bouquets and exam PINs; electricity's are prepaid and postpaid; airtime has none. */
  variations: readonly VtpassVariation[];
}

/** VTpass's `type` of a transaction, by kind. */
export const vtpassTransactionType: Record<VtpassServiceKind, string> = {
  airtime: "Airtime Recharge",
  data: "Data Services",
  tv: "TV Subscription",
  electricity: "Electricity Bill",
  education: "Education",
};

export const airtimeServiceIds = ["mtn", "glo", "airtel", "etisalat"] as const;
export const dataServiceIds = ["mtn-data", "glo-data", "airtel-data", "etisalat-data"] as const;
export const tvServiceIds = ["dstv", "gotv", "startimes", "showmax"] as const;
export const electricityServiceIds = [
  "ikeja-electric",
  "eko-electric",
  "abuja-electric",
  "kano-electric",
  "portharcourt-electric",
  "jos-electric",
  "ibadan-electric",
  "kaduna-electric",
  "enugu-electric",
  "benin-electric",
  "aba-electric",
  "yola-electric",
] as const;
/** Exam PINs: WAEC's result checker and registration, JAMB's UTME and Direct Entry (education). */
export const educationServiceIds = ["waec", "waec-registration", "jamb"] as const;
/** The education service whose PIN is for one candidate, named by profile ID in `billersCode`. */
export const profileService = "jamb";

/** Discos whose prepaid token comes as a bare `mainToken` rather than "Token : 1234 5678 …". */
export const mainTokenDiscos: readonly string[] = ["eko-electric", "abuja-electric"];

export const commissionBp = {
  mtn: 300,
  glo: 450,
  etisalat: 450,
  airtel: 350,
  data: 0,
  tv: 150,
  electricity: 50,
  education: 150,
};

/** Electricity is sold at whatever amount the customer names: VTpass lists "0.00", not fixed. */
export const meterTypes = ["prepaid", "postpaid"] as const;

export const minimumAmountKobo: Record<VtpassServiceKind, number> = {
  airtime: 50_00,
  data: 1,
  tv: 1,
  electricity: 500_00,
  education: 1,
};
export const maximumAmountKobo: Record<VtpassServiceKind, number> = {
  airtime: 50_000_00,
  data: Number.MAX_SAFE_INTEGER,
  tv: Number.MAX_SAFE_INTEGER,
  electricity: 1_000_000_00,
  education: Number.MAX_SAFE_INTEGER,
};

type Row = readonly [code: string, name: string, naira: number];
const variations = (rows: readonly Row[]): VtpassVariation[] =>
  rows.map(([variation_code, name, naira]) => ({
    variation_code,
    name,
    amountKobo: Math.round(naira * 100),
  }));

export const dataVariations: Record<(typeof dataServiceIds)[number], VtpassVariation[]> = {
  "mtn-data": variations([
    ["mtn-110mb-1d", "MTN N100 110MB - 1 day", 96],
    ["mtn-500mb-1d", "MTN N350 500MB - 1 day", 336],
    ["mtn-1gb-1d", "MTN N500 1GB - 1 day", 480],
    ["mtn-2.5gb-2d", "MTN N900 2.5GB - 2 days", 864],
    ["mtn-1gb-7d", "MTN N800 1GB - 7 days", 768],
    ["mtn-1.5gb-7d", "MTN N1,000 1.5GB - 7 days", 960],
    ["mtn-6gb-7d", "MTN N2,500 6GB - 7 days", 2450],
    ["mtn-2gb-30d", "MTN N1,500 2GB - 30 days", 1440],
    ["mtn-3.5gb-30d", "MTN N2,500 3.5GB - 30 days", 2400],
    ["mtn-7gb-30d", "MTN N3,500 7GB - 30 days", 3360],
    ["mtn-10gb-30d", "MTN N4,500 10GB - 30 days", 4320],
    ["mtn-20gb-30d", "MTN N7,500 20GB - 30 days", 7200],
    ["mtn-75gb-30d", "MTN N20,000 75GB - 30 days", 19200],
    ["mtn-40gb-30d", "MTN N11,000 40GB - 30 days", 10560],
  ]),
  "glo-data": variations([
    ["glo-200mb-1d", "Glo N100 200MB - 1 day", 96],
    ["glo-1gb-1d", "Glo N350 1GB - 1 day", 336],
    ["glo-2gb-2d", "Glo N500 2GB - 2 days", 480],
    ["glo-1.5gb-7d", "Glo N500 1.5GB - 7 days", 480],
    ["glo-6gb-7d", "Glo N1,500 6GB - 7 days", 1440],
    ["glo-2.6gb-30d", "Glo N1,000 2.6GB - 30 days", 960],
    ["glo-5gb-30d", "Glo N1,500 5GB - 30 days", 1440],
    ["glo-10gb-30d", "Glo N3,000 10GB - 30 days", 2950],
    ["glo-20gb-30d", "Glo N5,000 20GB - 30 days", 4800],
    ["glo-3gb-2d", "Glo N750 3GB Weekend - 2 days", 700],
  ]),
  // The provider dropped 9mobile-650mb-1d, so it is not here (the app must cope with a vanished plan).
  "etisalat-data": variations([
    ["9mobile-100mb-1d", "9mobile N100 100MB - 1 day", 96],
    ["9mobile-7gb-7d", "9mobile N1,500 7GB - 7 days", 1440],
    ["9mobile-1.5gb-30d", "9mobile N1,000 1.5GB - 30 days", 960],
    ["9mobile-4.5gb-30d", "9mobile N2,000 4.5GB - 30 days", 1920],
    ["9mobile-11gb-30d", "9mobile N4,000 11GB - 30 days", 3840],
    ["9mobile-15gb-30d", "9mobile N5,000 15GB - 30 days", 4800],
  ]),
  "airtel-data": variations([
    ["airtel-100mb-1d", "Airtel N100 100MB - 1 day", 96],
    ["airtel-1gb-1d", "Airtel N500 1GB - 1 day", 480],
    ["airtel-1gb-7d", "Airtel N800 1GB - 7 days", 768],
    ["airtel-3.5gb-7d", "Airtel N1,500 3.5GB - 7 days", 1440],
    ["airtel-2gb-30d", "Airtel N1,500 2GB - 30 days", 1440],
    ["airtel-4gb-30d", "Airtel N2,500 4GB - 30 days", 2400],
    ["airtel-10gb-30d", "Airtel N4,000 10GB - 30 days", 3840],
    ["airtel-18gb-30d", "Airtel N6,000 18GB - 30 days", 5760],
    ["airtel-40gb-30d", "Airtel N10,000 40GB - 30 days", 9600],
    ["airtel-300mb-2d", "Airtel N300 300MB - 2 days", 288],
  ]),
};

export const tvVariations: Record<(typeof tvServiceIds)[number], VtpassVariation[]> = {
  dstv: variations([
    ["dstv-padi", "DStv Padi N4,400", 4400],
    ["dstv-yanga", "DStv Yanga N6,000", 6000],
    ["dstv-confam", "DStv Confam N11,000", 11000],
    ["dstv-compact", "DStv Compact N19,000", 19000],
    ["dstv-compact-plus", "DStv Compact Plus N30,000", 30000],
    ["dstv-premium", "DStv Premium N44,500", 44500],
  ]),
  gotv: variations([
    ["gotv-smallie", "GOtv Smallie N1,900", 1900],
    ["gotv-jinja", "GOtv Jinja N3,900", 3900],
    ["gotv-jolli", "GOtv Jolli N5,800", 5800],
    ["gotv-max", "GOtv Max N8,500", 8500],
    ["gotv-supa", "GOtv Supa N11,400", 11400],
    ["gotv-supa-plus", "GOtv Supa Plus N16,800", 16800],
  ]),
  startimes: variations([
    ["startimes-nova", "Startimes Nova N2,100", 2100],
    ["startimes-basic", "Startimes Basic N4,000", 4000],
    ["startimes-smart", "Startimes Smart N5,100", 5100],
    ["startimes-classic", "Startimes Classic N6,000", 6000],
    ["startimes-super", "Startimes Super N9,800", 9800],
  ]),
  showmax: variations([
    ["showmax-mobile", "Showmax Mobile N3,500", 3500],
    ["showmax-pro-mobile", "Showmax Pro Mobile N6,700", 6700],
    ["showmax-entertainment", "Showmax Entertainment N4,500", 4500],
  ]),
};

/**
 * VTpass's published codes (`waec-registraion` misspelt as VTpass spells it), at the prices the exam
 * bodies set in 2026.
 */
export const educationVariations: Record<(typeof educationServiceIds)[number], VtpassVariation[]> = {
  waec: variations([["waecdirect", "WASSCE Result Checker PIN", 3900]]),
  "waec-registration": variations([["waec-registraion", "WASSCE for Private Candidates (GCE)", 24500]]),
  jamb: variations([
    ["utme-mock", "UTME PIN (with mock)", 7700],
    ["utme-no-mock", "UTME PIN (without mock)", 6200],
    ["de", "Direct Entry PIN (DE)", 6200],
  ]),
};

const meterVariations: VtpassVariation[] = [
  { variation_code: "prepaid", name: "Prepaid", amountKobo: 0 },
  { variation_code: "postpaid", name: "Postpaid", amountKobo: 0 },
];

const productNames: Record<string, string> = {
  mtn: "MTN Airtime VTU",
  glo: "GLO Airtime VTU",
  airtel: "Airtel Airtime VTU",
  etisalat: "9mobile Airtime VTU",
  "mtn-data": "MTN Data",
  "glo-data": "GLO Data",
  "airtel-data": "Airtel Data",
  "etisalat-data": "9mobile Data",
  dstv: "DSTV Subscription",
  gotv: "Gotv Payment",
  startimes: "Startimes Subscription",
  showmax: "ShowMax",
  "ikeja-electric": "Ikeja Electric Payment - IKEDC",
  "eko-electric": "Eko Electric Payment - EKEDC",
  "abuja-electric": "Abuja Electricity Distribution Company- AEDC",
  "kano-electric": "KEDCO - Kano Electric",
  "portharcourt-electric": "PHED - Port Harcourt Electric",
  "jos-electric": "Jos Electric - JED",
  "ibadan-electric": "IBEDC - Ibadan Electricity Distribution Company",
  "kaduna-electric": "Kaduna Electric - KAEDCO",
  "enugu-electric": "Enugu Electric - EEDC",
  "benin-electric": "Benin Electricity - BEDC",
  "aba-electric": "Aba Electric Payment - ABEDC",
  "yola-electric": "Yola Electric Disco Payment - YEDC",
  waec: "WAEC Result Checker PIN",
  "waec-registration": "WAEC Registration PIN",
  jamb: "JAMB PIN VENDING (UTME & Direct Entry)",
};

function buildServices(): Map<string, VtpassService> {
  const services = new Map<string, VtpassService>();
  const add = (serviceID: string, kind: VtpassServiceKind, bp: number, list: readonly VtpassVariation[]) =>
    services.set(serviceID, {
      serviceID,
      kind,
      productName: productNames[serviceID] ?? serviceID,
      commissionBp: bp,
      variations: list,
    });
  for (const id of airtimeServiceIds) add(id, "airtime", commissionBp[id], []);
  for (const id of dataServiceIds) add(id, "data", commissionBp.data, dataVariations[id]);
  for (const id of tvServiceIds) add(id, "tv", commissionBp.tv, tvVariations[id]);
  for (const id of electricityServiceIds) add(id, "electricity", commissionBp.electricity, meterVariations);
  for (const id of educationServiceIds) add(id, "education", commissionBp.education, educationVariations[id]);
  return services;
}

const services = buildServices();

export function vtpassService(serviceID: string): VtpassService | undefined {
  return services.get(serviceID);
}

export function findVariation(service: VtpassService, code: string): VtpassVariation | undefined {
  return service.variations.find((v) => v.variation_code === code);
}

/** The merchant's commission on an amount, rounded down to the kobo as VTpass does. */
export function commissionOn(service: VtpassService, amountKobo: number): number {
  return Math.floor((amountKobo * service.commissionBp) / 10_000);
}
