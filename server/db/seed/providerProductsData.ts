/**
 * What each provider calls the starting catalogue's products, and what it charges us: the only
 * place a fresh installation's provider codes and costs come from. VTpass's plan and bouquet codes
 * are the catalogue seed's own product codes (catalogueData.ts chose VTpass's); the SME-data vendor's
 * are the ids of the common vendor script, as the simulator numbers them (docs/PROVIDERS.md): a real
 * vendor's ids are checked on the Providers page, and its plans come with "Sync from provider".
 */

/** VTpass's serviceIDs for each network's airtime and data, and its airtime commission. Keyed by our network id. */
export const vtpassNetworks: Record<number, { airtime: string; data: string; commissionBp: number }> = {
  1: { airtime: "mtn", data: "mtn-data", commissionBp: 300 },
  2: { airtime: "glo", data: "glo-data", commissionBp: 450 },
  3: { airtime: "etisalat", data: "etisalat-data", commissionBp: 450 },
  4: { airtime: "airtel", data: "airtel-data", commissionBp: 350 },
};

/** VTpass's cable serviceIDs, keyed by our TV provider's id. */
export const vtpassCableIds: Record<number, string> = { 1: "dstv", 2: "gotv", 3: "startimes", 4: "showmax" };

/** VTpass's disco serviceIDs, keyed by our disco's code. */
export const vtpassDiscoIds: Record<string, string> = {
  AEDC: "abuja-electric",
  BEDC: "benin-electric",
  EKEDC: "eko-electric",
  EEDC: "enugu-electric",
  IBEDC: "ibadan-electric",
  IKEDC: "ikeja-electric",
  JED: "jos-electric",
  KAEDCO: "kaduna-electric",
  KEDCO: "kano-electric",
  PHED: "portharcourt-electric",
  YEDC: "yola-electric",
  APLE: "aba-electric",
};

/**
 * What VTpass charges us for the network plans and bouquets it sells: their price less the reseller
 * discount it gives (4% on data, 1.5% on TV), rounded to the kobo.
 */
export const vtpassDiscountPercent = { data: 4, tv: 1.5 };
export const vtpassCost = (price: number, service: "data" | "tv") =>
  Math.round(price * (1 - vtpassDiscountPercent[service] / 100));

/** The vendor numbers networks per service: `data/` swaps GLO and 9MOBILE. Keyed by our network id. */
export const vendorNetworkIds = {
  airtime: { 1: "1", 2: "2", 3: "3", 4: "4" } as Record<number, string>,
  data: { 1: "1", 2: "3", 3: "2", 4: "4" } as Record<number, string>,
};

/** The vendor's cable ids, keyed by our TV provider's id (it sells no Showmax). */
export const vendorCableIds: Record<number, string> = { 1: "2", 2: "1", 3: "3" };

/** The vendor's bouquet ids, keyed by our bouquet's code. */
export const vendorBouquetIds: Record<string, string> = {
  "gotv-smallie": "1",
  "gotv-jinja": "2",
  "gotv-jolli": "3",
  "gotv-max": "4",
  "gotv-supa": "5",
  "dstv-padi": "6",
  "dstv-yanga": "7",
  "dstv-confam": "8",
  "dstv-compact": "9",
  "dstv-compact-plus": "10",
  "dstv-premium": "11",
  "startimes-nova": "12",
  "startimes-basic": "13",
  "startimes-smart": "14",
  "startimes-classic": "15",
  "startimes-super": "16",
};

/** The vendor's disco ids, keyed by our disco's code. */
export const vendorDiscoIds: Record<string, string> = {
  IKEDC: "1",
  EKEDC: "2",
  AEDC: "3",
  KEDCO: "4",
  EEDC: "5",
  PHED: "6",
  IBEDC: "7",
  KAEDCO: "8",
  JED: "9",
  BEDC: "10",
  YEDC: "11",
  APLE: "12",
};

/** The vendor's data plans the catalogue sells, keyed by our plan's code: its id and price (naira). */
export const vendorPlans: Record<string, { id: string; naira: number }> = {
  "mtn-sme-500mb-30d": { id: "6", naira: 135 },
  "mtn-sme-1gb-30d": { id: "7", naira: 235 },
  "mtn-sme-2gb-30d": { id: "8", naira: 470 },
  "mtn-sme-5gb-30d": { id: "43", naira: 1_175 },
  "mtn-sme-10gb-30d": { id: "212", naira: 2_350 },
  "mtn-cg-1gb-30d": { id: "241", naira: 265 },
  "glo-cg-1gb-30d": { id: "251", naira: 245 },
  "9mobile-cg-1gb-30d": { id: "231", naira: 210 },
  "airtel-cg-1gb-30d": { id: "271", naira: 275 },
  // The network's own plans the vendor also sells (as gifting): a second provider for them.
  "mtn-1.5gb-7d": { id: "300", naira: 960 },
  "glo-2.6gb-30d": { id: "330", naira: 960 },
};

/**
 * The vendor charges 96% of airtime's face value: 4% commission, above every network's discount by
 * 1%, as VTpass's commissions are, so each level's airtime discount (at most 0.75%) is given whole.
 */
export const vendorAirtimeCommissionBp = 400;

/**
 * The vendor's `network_amount` ids for recharge cards (user/'s recharge list, as the simulator numbers
 * them), keyed by our network id and the card's value in kobo, and what one card costs us there in
 * percent of its value. Migration 0027 writes the same offers for an installation that had networks.
 */
export const vendorRechargeIds: Record<number, Record<number, string>> = {
  1: { 10000: "1", 20000: "2", 50000: "3", 100000: "4" },
  2: { 10000: "5", 20000: "6", 50000: "7", 100000: "8" },
  3: { 10000: "9", 20000: "10", 50000: "11", 100000: "12" },
  4: { 10000: "13", 20000: "14", 50000: "15", 100000: "16" },
};
export const vendorRechargeCostPercent: Record<number, number> = { 1: 97, 2: 96, 3: 96, 4: 97 };
