import { randomUUID } from "node:crypto";
import currency from "currency.js";
import { z } from "zod";
import type { MeterVerifyResult, TvVerifyResult } from "../../../schemas/purchases";
import { lenient, scalarText } from "../lenientJson";
import type { OutsideReply } from "../outsideHttp";
import {
  type Provider,
  type ProviderOrder,
  ProviderRefused,
  type ProviderVariation,
  VerificationRefused,
} from "../provider";
import { classifyReply } from "./msorgAnswers";
import { type MsorgClientOptions, msorgClient } from "./msorgClient";
import { clockDriftMs } from "./msorgListing";
import { findLostPurchase } from "./msorgLostPurchase";
import { plansOf } from "./msorgPlans";
import { nairaTextToKobo } from "./msorgRecord";

export interface MsorgProviderOptions extends MsorgClientOptions {
  /** The adapter's name in `PROVIDERS`; several vendors may each be one. */
  name?: string;
  /** The vendor's name as staff know it ("Husmodata"). */
  label: string;
  /**
   * How long after a lost purchase was sent its record may have been made: our time limit, and the
   * two clocks' drift (default `timeoutMs` and two minutes). Longer risks taking a later purchase of
   * the same thing for it.
   */
  findWithinMs?: number;
  /** How `validatemeter` is told the meter type: `prepaid`/`postpaid` (default), or `1`/`2`. */
  meterTypeQuery?: "words" | "digits";
}

/** Each service's path: purchases are POSTed to it, a record is read at `<path><id>/`. */
const servicePath: Record<ProviderOrder["service"], string> = {
  airtime: "topup/",
  data: "data/",
  tv: "cablesub/",
  electricity: "billpayment/",
  exam_pin: "epin/",
  recharge_pin: "rechargepin/",
};

const toNaira = (kobo: number) => currency(kobo, { fromCents: true }).value;
/** The vendors' ids are numbers; the catalogue keeps them as text. */
const vendorId = (id: string) => (/^\d+$/.test(id.trim()) ? Number(id.trim()) : id.trim());

function purchaseBody(order: ProviderOrder): Record<string, unknown> {
  switch (order.service) {
    case "airtime":
      return {
        network: vendorId(order.serviceId),
        amount: toNaira(order.amount),
        mobile_number: order.phone,
        Ported_number: true,
        airtime_type: "VTU",
      };
    case "data":
      return {
        network: vendorId(order.serviceId),
        mobile_number: order.phone,
        plan: vendorId(order.variationCode),
        Ported_number: true,
      };
    case "tv":
      // The vendors have no renewal: the bouquet is bought again either way.
      return {
        cablename: vendorId(order.serviceId),
        cableplan: vendorId(order.variationCode),
        smart_card_number: order.smartcard,
      };
    case "electricity":
      return {
        disco_name: vendorId(order.serviceId),
        amount: toNaira(order.amount),
        meter_number: order.meterNumber,
        MeterType: order.meterType === "prepaid" ? 1 : 2,
      };
    case "exam_pin":
      return { exam_name: order.serviceId, quantity: order.quantity };
    case "recharge_pin":
      return {
        network: vendorId(order.serviceId),
        network_amount: vendorId(order.variationCode),
        quantity: order.quantity,
        name_on_card: order.nameOnCard,
      };
  }
}

const validation = z.looseObject({
  invalid: lenient(z.union([z.boolean(), z.string()])),
  name: lenient(scalarText),
  Customer_Name: lenient(scalarText),
  address: lenient(scalarText),
  Address: lenient(scalarText),
});
const account = z.looseObject({
  user: lenient(z.looseObject({ wallet_balance: lenient(scalarText) })),
  wallet_balance: lenient(scalarText),
});

/** The SME-data vendors' adapter (the "MSORG" convention): one per vendor, by its settings. */
export function createMsorgProvider(options: MsorgProviderOptions): Provider {
  const http = msorgClient(options);
  const { label } = options;
  const findWithinMs = options.findWithinMs ?? options.timeoutMs + clockDriftMs;

  /** Why a call that is not a purchase was refused, in the vendor's words, for the log and staff. */
  function refusal(what: string, reply: OutsideReply): ProviderRefused {
    const body = reply.isJson ? JSON.stringify(reply.json).slice(0, 300) : "a body that is not JSON";
    return new ProviderRefused(`${label} refused ${what}: HTTP ${reply.httpStatus}, ${body}`);
  }

  async function validate(path: string, what: string, signal: AbortSignal | undefined) {
    const reply = await http.get(path, signal);
    const parsed = validation.safeParse(reply.json);
    if (!reply.isJson || !parsed.success) throw refusal(`the ${what} check`, reply);
    const found = parsed.data;
    const name = (found.name ?? found.Customer_Name)?.trim();
    // Some vendors say "invalid" only in the name they answer ("INVALID METER NUMBER").
    if (found.invalid === true || found.invalid === "true" || (name && /^invalid\b/i.test(name)))
      throw new VerificationRefused(`We could not find a customer with that ${what}.`);
    if (reply.httpStatus !== 200 || !name) throw refusal(`the ${what} check`, reply);
    return { name, address: (found.address ?? found.Address ?? "").trim() };
  }

  async function userAccount(what: string, signal: AbortSignal | undefined) {
    const reply = await http.get("user/", signal);
    if (!reply.isJson || reply.httpStatus !== 200) throw refusal(what, reply);
    return reply;
  }

  return {
    name: options.name ?? "msorg",
    label,
    // The vendors take no id of ours; this one is for our own records.
    newRequestId: () => randomUUID(),

    async verifySmartcard(serviceId, smartcard, signal): Promise<TvVerifyResult> {
      const query = new URLSearchParams({ smart_card_number: smartcard, cablename: serviceId });
      const found = await validate(`validateiuc?${query}`, "smartcard number", signal);
      return { customer_name: found.name };
    },

    async verifyMeter(serviceId, meterNumber, meterType, signal): Promise<MeterVerifyResult> {
      const digits = meterType === "prepaid" ? "1" : "2";
      const mtype = options.meterTypeQuery === "digits" ? digits : meterType;
      const query = new URLSearchParams({ meternumber: meterNumber, disconame: serviceId, mtype });
      const found = await validate(`validatemeter?${query}`, "meter number", signal);
      return { customer_name: found.name, address: found.address };
    },

    async buy(_requestId, order, signal) {
      const reply = await http.post(servicePath[order.service], purchaseBody(order), signal);
      return classifyReply(reply, order, label, { kind: "buy" });
    },

    async requery(attempt, signal) {
      const path = servicePath[attempt.order.service];
      const id = attempt.providerReference;
      if (id !== null) {
        const reply = await http.get(`${path}${encodeURIComponent(id)}/`, signal);
        return classifyReply(reply, attempt.order, label, { kind: "requery", id });
      }
      return findLostPurchase({
        http,
        path,
        lost: { order: attempt.order, sentAt: attempt.sentAt, withinMs: findWithinMs },
        label,
        timeoutMs: options.timeoutMs,
        signal,
      });
    },

    async balance(signal) {
      const reply = await userAccount("the balance enquiry", signal);
      const parsed = account.safeParse(reply.json);
      const naira = parsed.success
        ? (parsed.data.user?.wallet_balance ?? parsed.data.wallet_balance)
        : undefined;
      const kobo = nairaTextToKobo(naira);
      if (kobo === undefined) throw refusal("the balance enquiry", reply);
      return kobo;
    },

    async variations(serviceId, signal): Promise<ProviderVariation[]> {
      const reply = await userAccount(`the plan list of network ${serviceId}`, signal);
      const plans = plansOf(reply.json, serviceId);
      if (!plans) throw refusal(`the plan list of network ${serviceId}`, reply);
      return plans;
    },

    // Not wired yet: some vendors call back with the record when a processing purchase settles.
    webhookRequestId: () => null,
  };
}
