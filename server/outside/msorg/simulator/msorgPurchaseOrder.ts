import { z } from "zod";
import {
  airtimeChargePercent,
  cablePlans,
  cables,
  dataNetworks,
  discos,
  examPrices,
  limitsKobo,
  type MsorgService,
  maxEpinQuantity,
  topupNetworks,
} from "./msorgCatalogue";
import { dataPlans } from "./msorgDataPlans";
import { maxRechargeQuantity, rechargeCardPlans } from "./msorgRechargeCards";

/** What a purchase body asks for, checked as the vendors check it, with what it will charge. */
export interface PurchaseOrder {
  /** The phone, smartcard or meter. */
  recipient: string;
  /** The network, cable or disco id, as the service numbers it. */
  productId: number;
  /** The data plan or cable plan; null for airtime and electricity. */
  planId: number | null;
  /** 1 prepaid, 2 postpaid; null but for electricity. */
  meterType: 1 | 2 | null;
  /** Airtime's face value, the plan's price, electricity's value. */
  amountKobo: number;
  /** What the vendor's wallet was charged. */
  paidKobo: number;
  /** How many PINs an `epin/` or `rechargepin/` purchase is for (absent for the other services). */
  quantity?: number;
}

// The vendors' clients send ids and amounts as numbers or as text; Django takes either.
const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const naira = z
  .union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/)])
  .transform((v) => Math.round(Number(v) * 100));
const digits = (min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{${min},${max}}$`)));
const phone = z
  .union([z.string(), z.number()])
  .transform((v) =>
    String(v)
      .trim()
      .replace(/^\+?234/, "0"),
  )
  .pipe(z.string().regex(/^0[789][01]\d{8}$/));

const bodies = {
  topup: z.object({ network: id, amount: naira, mobile_number: phone, airtime_type: z.literal("VTU") }),
  data: z.object({ network: id, plan: id, mobile_number: phone }),
  cablesub: z.object({ cablename: id, cableplan: id, smart_card_number: digits(8, 20) }),
  billpayment: z.object({
    disco_name: id,
    amount: naira,
    meter_number: digits(6, 20),
    MeterType: z.union([
      z.literal(1),
      z.literal(2),
      z.literal("1").transform(() => 1 as const),
      z.literal("2").transform(() => 2 as const),
    ]),
  }),
  epin: z.object({ exam_name: z.string().transform((name) => name.trim().toUpperCase()), quantity: id }),
  rechargepin: z.object({
    network: id,
    network_amount: id,
    quantity: id,
    name_on_card: z.string().trim().min(1).max(30),
  }),
};

export type PurchaseCheck = { order: PurchaseOrder } | { refusal: string };

const refuse = (words: string): PurchaseCheck => ({ refusal: words });

/** Reads a purchase body; a refusal's words are what the vendor would answer in `error`. */
export function readPurchase(service: MsorgService, body: unknown): PurchaseCheck {
  switch (service) {
    case "topup": {
      const read = bodies.topup.safeParse(body);
      if (!read.success)
        return refuse("Invalid request: check network, amount, mobile_number and airtime_type");
      const { network, amount, mobile_number } = read.data;
      if (!topupNetworks[network]) return refuse("Invalid network");
      if (amount < limitsKobo.airtime.min) return refuse("Minimum airtime amount is ₦50");
      if (amount > limitsKobo.airtime.max) return refuse("Maximum airtime amount is ₦50000");
      const paidKobo = Math.round((amount * airtimeChargePercent) / 100);
      return {
        order: {
          recipient: mobile_number,
          productId: network,
          planId: null,
          meterType: null,
          amountKobo: amount,
          paidKobo,
        },
      };
    }
    case "data": {
      const read = bodies.data.safeParse(body);
      if (!read.success) return refuse("Invalid request: check network, plan and mobile_number");
      const { network, plan, mobile_number } = read.data;
      if (!dataNetworks[network]) return refuse("Invalid network");
      const found = dataPlans.find((p) => p.dataplan_id === plan && p.network === network);
      if (!found) return refuse("Invalid plan id for this network");
      return {
        order: {
          recipient: mobile_number,
          productId: network,
          planId: plan,
          meterType: null,
          amountKobo: found.amountKobo,
          paidKobo: found.amountKobo,
        },
      };
    }
    case "cablesub": {
      const read = bodies.cablesub.safeParse(body);
      if (!read.success) return refuse("Invalid request: check cablename, cableplan and smart_card_number");
      const { cablename, cableplan, smart_card_number } = read.data;
      if (!cables[cablename]) return refuse("Invalid cable name");
      const found = cablePlans.find((p) => p.id === cableplan && p.cablename === cablename);
      if (!found) return refuse("Invalid cable plan");
      return {
        order: {
          recipient: smart_card_number,
          productId: cablename,
          planId: cableplan,
          meterType: null,
          amountKobo: found.amountKobo,
          paidKobo: found.amountKobo,
        },
      };
    }
    case "billpayment": {
      const read = bodies.billpayment.safeParse(body);
      if (!read.success)
        return refuse("Invalid request: check disco_name, amount, meter_number and MeterType");
      const { disco_name, amount, meter_number, MeterType } = read.data;
      if (!discos[disco_name]) return refuse("Invalid disco name");
      if (amount < limitsKobo.electricity.min) return refuse("Minimum amount is ₦500");
      if (amount > limitsKobo.electricity.max) return refuse("Maximum amount is ₦500000");
      return {
        order: {
          recipient: meter_number,
          productId: disco_name,
          planId: null,
          meterType: MeterType,
          amountKobo: amount,
          paidKobo: amount,
        },
      };
    }
    case "epin": {
      const read = bodies.epin.safeParse(body);
      if (!read.success) return refuse("Invalid request: check exam_name and quantity");
      const { exam_name, quantity } = read.data;
      const price = examPrices[exam_name];
      if (price === undefined) return refuse("Invalid exam name");
      if (quantity < 1 || quantity > maxEpinQuantity)
        return refuse(`Quantity must be between 1 and ${maxEpinQuantity}`);
      return {
        order: {
          // The vendor takes no phone: the exam stands for the recipient, for scripts and lists.
          recipient: exam_name,
          productId: Object.keys(examPrices).indexOf(exam_name) + 1,
          planId: null,
          meterType: null,
          amountKobo: price * quantity,
          paidKobo: price * quantity,
          quantity,
        },
      };
    }
    case "rechargepin": {
      const read = bodies.rechargepin.safeParse(body);
      if (!read.success)
        return refuse("Invalid request: check network, network_amount, quantity and name_on_card");
      const { network, network_amount, quantity, name_on_card } = read.data;
      const card = rechargeCardPlans[network_amount];
      if (!card || card.network !== network) return refuse("Invalid network_amount for this network");
      if (quantity < 1 || quantity > maxRechargeQuantity)
        return refuse(`Quantity must be between 1 and ${maxRechargeQuantity}`);
      const paidKobo = Math.round((card.amountKobo * card.percent) / 100) * quantity;
      return {
        order: {
          // The name printed on the cards stands for the recipient, for scripts and lists.
          recipient: name_on_card,
          productId: network,
          planId: network_amount,
          meterType: null,
          amountKobo: card.amountKobo * quantity,
          paidKobo,
          quantity,
        },
      };
    }
  }
}
