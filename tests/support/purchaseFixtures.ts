import type { Choice, Product, Verified } from "../../machines/purchaseMachine";
import type {
  AirtimeCatalogue,
  CatalogueOf,
  DataCatalogue,
  ElectricityCatalogue,
  ExamPinCatalogue,
  RechargeCard,
  RechargePinCatalogue,
  TvCatalogue,
} from "../../schemas/catalogue";
import type { Transaction } from "../../schemas/transactions";
import {
  airtimeChoice,
  dataChoice,
  electricityChoice,
  examPinChoice,
  rechargePinChoice,
  tvChoice,
} from "../../src/pages/customer/purchase/choices";

export const airtimeCatalogue: AirtimeCatalogue = {
  kind: "airtime",
  controls: [
    { id: 1, network: "MTN", enabled: true, discount_percent: 2, min_amount: 5_000, max_amount: 5_000_000 },
    { id: 2, network: "GLO", enabled: false, discount_percent: 3, min_amount: 5_000, max_amount: 5_000_000 },
    {
      id: 3,
      network: "9Mobile",
      enabled: true,
      discount_percent: 3,
      min_amount: 5_000,
      max_amount: 5_000_000,
    },
    {
      id: 4,
      network: "Airtel",
      enabled: true,
      discount_percent: 2.5,
      min_amount: 5_000,
      max_amount: 5_000_000,
    },
  ],
};

export const dataCatalogue: DataCatalogue = {
  kind: "data",
  networks: [
    { id: 1, name: "MTN", enabled: true },
    { id: 2, name: "GLO", enabled: false },
    { id: 3, name: "9Mobile", enabled: true },
    { id: 4, name: "Airtel", enabled: true },
  ],
  plans: [
    {
      id: 11,
      control_id: 1,
      name: "1GB Daily (1 day)",
      size: "1GB",
      validity: "1 day",
      category: "daily",
      plan_type: "direct",
      price: 50_000,
    },
    {
      id: 12,
      control_id: 1,
      name: "2GB Monthly (30 days)",
      size: "2GB",
      validity: "30 days",
      category: "monthly",
      plan_type: "sme",
      price: 150_000,
    },
    {
      id: 41,
      control_id: 4,
      name: "1GB Weekly (7 days)",
      size: "1GB",
      validity: "7 days",
      category: "weekly",
      plan_type: "corporate_gifting",
      price: 80_000,
    },
  ],
};

export const tvCatalogue: TvCatalogue = {
  kind: "tv",
  providers: [
    { id: 1, name: "DStv", enabled: true, service_fee: 10_000 },
    { id: 2, name: "GOtv", enabled: true, service_fee: 10_000 },
    { id: 4, name: "Showmax", enabled: false, service_fee: 5_000 },
  ],
  plans: [
    { id: 1, control_id: 1, name: "DStv Padi", price: 440_000 },
    { id: 4, control_id: 1, name: "DStv Compact", price: 1_900_000 },
    { id: 7, control_id: 2, name: "GOtv Smallie", price: 190_000 },
  ],
};

export const electricityCatalogue: ElectricityCatalogue = {
  kind: "electricity",
  discos: [
    {
      id: 3,
      name: "Eko Electricity (EKEDC)",
      enabled: true,
      min_amount: 100_000,
      max_amount: 50_000_000,
      service_fee: 10_000,
      discount_percent: 0,
    },
    {
      id: 6,
      name: "Ikeja Electric (IKEDC)",
      enabled: true,
      min_amount: 100_000,
      max_amount: 50_000_000,
      service_fee: 10_000,
      discount_percent: 0,
    },
    {
      id: 9,
      name: "Kano Electricity (KEDCO)",
      enabled: false,
      min_amount: 100_000,
      max_amount: 50_000_000,
      service_fee: 10_000,
      discount_percent: 0,
    },
  ],
};

const examProduct = (
  id: number,
  exam: ExamPinCatalogue["products"][number]["exam"],
  name: string,
  price: number,
  more: { needs_profile?: boolean; enabled?: boolean } = {},
) => ({
  id,
  exam,
  name,
  price,
  needs_profile: more.needs_profile ?? false,
  max_quantity: more.needs_profile ? 1 : 10,
  enabled: more.enabled ?? true,
});

export const examPinCatalogue: ExamPinCatalogue = {
  kind: "exam_pin",
  products: [
    examProduct(1, "waec", "WAEC Result Checker", 400_000),
    examProduct(2, "waec", "WAEC Registration PIN", 2_500_000),
    examProduct(3, "neco", "NECO Result Checker", 140_000),
    examProduct(4, "nabteb", "NABTEB Result Checker", 110_000, { enabled: false }),
    examProduct(5, "jamb", "JAMB UTME PIN (with mock)", 770_000, { needs_profile: true }),
    examProduct(7, "jamb", "JAMB Direct Entry PIN", 620_000, { needs_profile: true }),
  ],
};

const networkNames = ["MTN", "GLO", "9Mobile", "Airtel"] as const;
/** A network's card of one value at 97% of it (the customer level's price); `available` unless said. */
const rechargeCard = (networkId: number, denomination: number, available = true): RechargeCard => ({
  id: networkId * 10 + [10_000, 20_000, 50_000, 100_000].indexOf(denomination) + 1,
  network_id: networkId,
  network: networkNames[networkId - 1] ?? "MTN",
  denomination,
  price: (denomination * 97) / 100,
  available,
});

/** Every network's four values; 9Mobile's ₦1,000 and every GLO card are off sale. */
export const rechargePinCatalogue: RechargePinCatalogue = {
  kind: "recharge_pin",
  cards: [1, 2, 3, 4].flatMap((network) =>
    [10_000, 20_000, 50_000, 100_000].map((value) =>
      rechargeCard(network, value, network !== 2 && !(network === 3 && value === 100_000)),
    ),
  ),
};

export const catalogues: { [K in Product]: CatalogueOf<K> } = {
  airtime: airtimeCatalogue,
  data: dataCatalogue,
  tv: tvCatalogue,
  electricity: electricityCatalogue,
  exam_pin: examPinCatalogue,
  recharge_pin: rechargePinCatalogue,
};

/** The JAMB sandbox's profile ID, which verifies. */
export const jambProfileId = "0123456789";

/** A JAMB PIN: the exam-PIN choice that has a candidate to check (the other is WAEC's, in `choices`). */
export const jambChoice = examPinChoice(
  { product: 5, quantity: 1, phone: "08031234567", profile_id: jambProfileId },
  examPinCatalogue,
);

/** What a customer chooses in each wizard, as the form builds it. */
export const choices: { [K in Product]: Choice<K> } = {
  airtime: airtimeChoice({ phone: "08031234567", network_id: 1, amount: 100_000 }, airtimeCatalogue),
  data: dataChoice({ phone: "08021234567", network_id: 4, plan_id: 41 }, dataCatalogue),
  tv: tvChoice({ provider_id: 1, plan_id: 4, smartcard: "7023456789", phone: "08031234567" }, tvCatalogue),
  electricity: electricityChoice(
    {
      disco_id: 6,
      meter_type: "prepaid",
      meter_number: "45071234567",
      amount: 300_000,
      phone: "08031234567",
    },
    electricityCatalogue,
  ),
  exam_pin: examPinChoice({ product: 1, quantity: 3, phone: "08031234567" }, examPinCatalogue),
  recharge_pin: rechargePinChoice(
    { network_id: 1, denomination: 10_000, quantity: 3, name_on_card: "Mama Nkechi Stores" },
    rechargePinCatalogue,
  ),
};

export const verifications: Record<Product, Verified> = {
  airtime: { customer_name: "", details: [] },
  data: { customer_name: "", details: [] },
  tv: {
    customer_name: "HAUWA OKONKWO",
    details: [
      ["Current bouquet", "Padi"],
      ["Due date", "Mar 20, 2026"],
    ],
  },
  electricity: { customer_name: "EMEKA BELLO", details: [["Address", "12 Allen Avenue, Ikeja, Lagos"]] },
  exam_pin: { customer_name: "ADAEZE NWOSU", details: [["JAMB profile ID", jambProfileId]] },
  recharge_pin: { customer_name: "", details: [] },
};

/** The cards a delivered recharge purchase answers, as many as `count`, each with MTN's load code. */
export const deliveredCards = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const pin = `5${String(i).padStart(3, "0")}123456789012`;
    return { pin, serial: `SN0000${String(i + 1).padStart(6, "0")}`, load_code: `*311*${pin}#` };
  });

/** The PINs a delivered exam-PIN purchase answers, as many as `count`. */
export const deliveredPins = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    pin: `4${i}1234567890`.slice(0, 12),
    serial: `WRN18${String(i + 1).padStart(7, "0")}`,
  }));

/** The purchase the server answers, in a given status. */
export function purchaseResult(product: Product, status: Transaction["status"]): Transaction {
  const { quote } = choices[product];
  return {
    id: "5d1f0c2e-7a4b-4c3d-9e8f-0a1b2c3d4e5f",
    reference: "OJA260302K7M3Q9XZ",
    kind: product,
    status,
    amount: quote.amount,
    fee: quote.fee,
    discount: quote.discount,
    total: quote.total,
    description: "A purchase",
    recipient: (() => {
      const { order } = choices[product];
      return "phone" in order ? order.phone : order.name_on_card;
    })(),
    product: "The product",
    provider_reference: status === "pending" ? null : "SBX-OJA260302K7M3Q9XZ",
    token: product === "electricity" && status === "successful" ? "12345678901234567890" : null,
    units: product === "electricity" && status === "successful" ? "23.9 kWh" : null,
    ...(product === "exam_pin" &&
      status === "successful" && { pins: deliveredPins(choices.exam_pin.order.quantity) }),
    ...(product === "recharge_pin" && {
      cards: { network: "MTN", denomination: 10_000, name_on_card: "Mama Nkechi Stores" },
      ...(status === "successful" && { pins: deliveredCards(choices.recharge_pin.order.quantity) }),
    }),
    // A WAEC PIN has no candidate to name; the other verified kinds name their customer.
    customer_name: product === "exam_pin" ? null : verifications[product].customer_name || null,
    failure_reason: status === "failed" ? "The provider declined this purchase." : null,
    balance_before: 1_000_000,
    balance_after: 1_000_000 - quote.total,
    created_at: "2026-03-02T09:00:00.000Z",
    updated_at: "2026-03-02T09:00:05.000Z",
  };
}
