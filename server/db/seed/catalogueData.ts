/**
 * The catalogue a fresh installation starts with. Prices are what Nigerian customers paid in 2025,
 * in kobo (naira × 100). What each provider calls a product and charges us is its offer
 * (providerProductsData.ts), not the catalogue's. Staff edit both later.
 */
const n = (naira: number) => naira * 100;

export const networkSeed = [
  {
    id: 1,
    name: "MTN",
    airtimeDiscountBp: 200,
    airtimeMin: n(50),
    airtimeMax: n(50_000),
  },
  {
    id: 2,
    name: "GLO",
    airtimeDiscountBp: 300,
    airtimeMin: n(50),
    airtimeMax: n(50_000),
  },
  {
    id: 3,
    name: "9Mobile",
    airtimeDiscountBp: 300,
    airtimeMin: n(50),
    airtimeMax: n(50_000),
  },
  {
    id: 4,
    name: "Airtel",
    airtimeDiscountBp: 250,
    airtimeMin: n(50),
    airtimeMax: n(50_000),
  },
];

type Category = "daily" | "weekly" | "monthly";
type PlanType = "sme" | "corporate_gifting" | "gifting" | "direct";
const plan = (
  networkId: number,
  code: string,
  size: string,
  validity: string,
  category: Category,
  naira: number,
  planType: PlanType = "direct",
) => ({
  networkId,
  code,
  name: `${size} ${category === "daily" ? "Daily" : category === "weekly" ? "Weekly" : "Monthly"} (${validity})`,
  size,
  validity,
  category,
  planType,
  price: n(naira),
});
/** SME and corporate-gifting plans, bought from the SME-data vendor at its price (providerProductsData.ts). */
const vendorPlan = (networkId: number, code: string, size: string, planType: PlanType, naira: number) =>
  plan(networkId, code, size, "30 days", "monthly", naira, planType);

export const dataPlanSeed = [
  plan(1, "mtn-110mb-1d", "110MB", "1 day", "daily", 100),
  plan(1, "mtn-500mb-1d", "500MB", "1 day", "daily", 350),
  plan(1, "mtn-1gb-1d", "1GB", "1 day", "daily", 500),
  plan(1, "mtn-2.5gb-2d", "2.5GB", "2 days", "daily", 900),
  plan(1, "mtn-1gb-7d", "1GB", "7 days", "weekly", 800),
  plan(1, "mtn-1.5gb-7d", "1.5GB", "7 days", "weekly", 1_000),
  plan(1, "mtn-6gb-7d", "6GB", "7 days", "weekly", 2_500),
  plan(1, "mtn-2gb-30d", "2GB", "30 days", "monthly", 1_500),
  plan(1, "mtn-3.5gb-30d", "3.5GB", "30 days", "monthly", 2_500),
  plan(1, "mtn-7gb-30d", "7GB", "30 days", "monthly", 3_500),
  plan(1, "mtn-10gb-30d", "10GB", "30 days", "monthly", 4_500),
  plan(1, "mtn-20gb-30d", "20GB", "30 days", "monthly", 7_500),
  plan(1, "mtn-75gb-30d", "75GB", "30 days", "monthly", 20_000),
  plan(2, "glo-200mb-1d", "200MB", "1 day", "daily", 100),
  plan(2, "glo-1gb-1d", "1GB", "1 day", "daily", 350),
  plan(2, "glo-2gb-2d", "2GB", "2 days", "daily", 500),
  plan(2, "glo-1.5gb-7d", "1.5GB", "7 days", "weekly", 500),
  plan(2, "glo-6gb-7d", "6GB", "7 days", "weekly", 1_500),
  plan(2, "glo-2.6gb-30d", "2.6GB", "30 days", "monthly", 1_000),
  plan(2, "glo-5gb-30d", "5GB", "30 days", "monthly", 1_500),
  plan(2, "glo-10gb-30d", "10GB", "30 days", "monthly", 3_000),
  plan(2, "glo-20gb-30d", "20GB", "30 days", "monthly", 5_000),
  plan(3, "9mobile-100mb-1d", "100MB", "1 day", "daily", 100),
  plan(3, "9mobile-650mb-1d", "650MB", "1 day", "daily", 200),
  plan(3, "9mobile-7gb-7d", "7GB", "7 days", "weekly", 1_500),
  plan(3, "9mobile-1.5gb-30d", "1.5GB", "30 days", "monthly", 1_000),
  plan(3, "9mobile-4.5gb-30d", "4.5GB", "30 days", "monthly", 2_000),
  plan(3, "9mobile-11gb-30d", "11GB", "30 days", "monthly", 4_000),
  plan(3, "9mobile-15gb-30d", "15GB", "30 days", "monthly", 5_000),
  plan(4, "airtel-100mb-1d", "100MB", "1 day", "daily", 100),
  plan(4, "airtel-1gb-1d", "1GB", "1 day", "daily", 500),
  plan(4, "airtel-1gb-7d", "1GB", "7 days", "weekly", 800),
  plan(4, "airtel-3.5gb-7d", "3.5GB", "7 days", "weekly", 1_500),
  plan(4, "airtel-2gb-30d", "2GB", "30 days", "monthly", 1_500),
  plan(4, "airtel-4gb-30d", "4GB", "30 days", "monthly", 2_500),
  plan(4, "airtel-10gb-30d", "10GB", "30 days", "monthly", 4_000),
  plan(4, "airtel-18gb-30d", "18GB", "30 days", "monthly", 6_000),
  plan(4, "airtel-40gb-30d", "40GB", "30 days", "monthly", 10_000),
  vendorPlan(1, "mtn-sme-500mb-30d", "500MB", "sme", 150),
  vendorPlan(1, "mtn-sme-1gb-30d", "1GB", "sme", 260),
  vendorPlan(1, "mtn-sme-2gb-30d", "2GB", "sme", 520),
  vendorPlan(1, "mtn-sme-5gb-30d", "5GB", "sme", 1_300),
  vendorPlan(1, "mtn-sme-10gb-30d", "10GB", "sme", 2_600),
  vendorPlan(1, "mtn-cg-1gb-30d", "1GB", "corporate_gifting", 290),
  vendorPlan(2, "glo-cg-1gb-30d", "1GB", "corporate_gifting", 270),
  vendorPlan(3, "9mobile-cg-1gb-30d", "1GB", "corporate_gifting", 240),
  vendorPlan(4, "airtel-cg-1gb-30d", "1GB", "corporate_gifting", 300),
].map((p, i) => ({ ...p, sortOrder: i }));

export const tvProviderSeed = [
  { id: 1, name: "DStv", serviceFee: n(100) },
  { id: 2, name: "GOtv", serviceFee: n(100) },
  { id: 3, name: "StarTimes", serviceFee: n(100) },
  { id: 4, name: "Showmax", serviceFee: n(50) },
];

const bouquet = (providerId: number, code: string, name: string, naira: number) => ({
  providerId,
  code,
  name,
  price: n(naira),
});

export const tvPlanSeed = [
  bouquet(1, "dstv-padi", "DStv Padi", 4_400),
  bouquet(1, "dstv-yanga", "DStv Yanga", 6_000),
  bouquet(1, "dstv-confam", "DStv Confam", 11_000),
  bouquet(1, "dstv-compact", "DStv Compact", 19_000),
  bouquet(1, "dstv-compact-plus", "DStv Compact Plus", 30_000),
  bouquet(1, "dstv-premium", "DStv Premium", 44_500),
  bouquet(2, "gotv-smallie", "GOtv Smallie", 1_900),
  bouquet(2, "gotv-jinja", "GOtv Jinja", 3_900),
  bouquet(2, "gotv-jolli", "GOtv Jolli", 5_800),
  bouquet(2, "gotv-max", "GOtv Max", 8_500),
  bouquet(2, "gotv-supa", "GOtv Supa", 11_400),
  bouquet(2, "gotv-supa-plus", "GOtv Supa+", 16_800),
  bouquet(3, "startimes-nova", "StarTimes Nova", 2_100),
  bouquet(3, "startimes-basic", "StarTimes Basic", 4_000),
  bouquet(3, "startimes-smart", "StarTimes Smart", 5_100),
  bouquet(3, "startimes-classic", "StarTimes Classic", 6_000),
  bouquet(3, "startimes-super", "StarTimes Super", 9_800),
  bouquet(4, "showmax-mobile", "Showmax Mobile", 3_500),
  bouquet(4, "showmax-pro-mobile", "Showmax Pro Mobile", 6_700),
  bouquet(4, "showmax-entertainment", "Showmax Entertainment", 4_500),
].map((p, i) => ({ ...p, sortOrder: i }));

const disco = (id: number, code: string, name: string) => ({
  id,
  code,
  name,
  minAmount: n(1_000),
  maxAmount: n(500_000),
  serviceFee: n(100),
});

export const discoSeed = [
  disco(1, "AEDC", "Abuja Electricity (AEDC)"),
  disco(2, "BEDC", "Benin Electricity (BEDC)"),
  disco(3, "EKEDC", "Eko Electricity (EKEDC)"),
  disco(4, "EEDC", "Enugu Electricity (EEDC)"),
  disco(5, "IBEDC", "Ibadan Electricity (IBEDC)"),
  disco(6, "IKEDC", "Ikeja Electric (IKEDC)"),
  disco(7, "JED", "Jos Electricity (JED)"),
  disco(8, "KAEDCO", "Kaduna Electric (KAEDCO)"),
  disco(9, "KEDCO", "Kano Electricity (KEDCO)"),
  disco(10, "PHED", "Port Harcourt Electricity (PHED)"),
  disco(11, "YEDC", "Yola Electricity (YEDC)"),
  disco(12, "APLE", "Aba Power (APLE)"),
];

/**
 * Each network's ₦100, ₦200, ₦500 and ₦1,000 card, sold at 98% of its value as the market sells
 * printed cards. Migration 0027 writes the same for an installation whose networks exist already.
 */
export const rechargeCardDenominations = [10_000, 20_000, 50_000, 100_000];
export const rechargeCardSeed = networkSeed.flatMap((network) =>
  rechargeCardDenominations.map((denomination) => ({
    networkId: network.id,
    denomination,
    price: (denomination * 98) / 100,
  })),
);
