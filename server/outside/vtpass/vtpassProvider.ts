import currency from "currency.js";
import { z } from "zod";
import type { ExamPinVerifyResult } from "../../../schemas/examPins";
import type { MeterVerifyResult, TvVerifyResult } from "../../../schemas/purchases";
import { scalarText } from "../lenientJson";
import type { OutsideReply } from "../outsideHttp";
import {
  type Provider,
  type ProviderOrder,
  ProviderRefused,
  type ProviderVariation,
  recipientOf,
  VerificationRefused,
} from "../provider";
import { classifyPayAnswer, classifyRequeryAnswer } from "./vtpassAnswers";
import { type VtpassClientOptions, vtpassClient } from "./vtpassClient";
import { vtpassRequestId } from "./vtpassRequestId";

const toNaira = (kobo: number) => currency(kobo, { fromCents: true }).value;
const toKobo = (naira: string | number) => currency(naira).intValue;

/** VTpass writes a bouquet's price at the end of its name: "DStv Compact Plus N30000", "GOtv Max N8,500". */
const pricedBouquet = /^(.*\S)\s+N(\d[\d,]*(?:\.\d{1,2})?)$/;

/** The current bouquet's name without its price, and the price in kobo when the name carried one. */
function currentBouquet(text: string): Pick<TvVerifyResult, "current_plan" | "current_plan_price"> {
  const name = text.trim();
  const [, plan, naira] = pricedBouquet.exec(name) ?? [];
  return plan && naira ? { current_plan: plan, current_plan_price: toKobo(naira) } : { current_plan: name };
}

const verification = z.looseObject({
  code: scalarText.transform((c) => c.padStart(3, "0")),
  content: z
    .looseObject({
      Customer_Name: z.string().optional(),
      Address: z.string().optional(),
      Customer_Address: z.string().optional(),
      Current_Bouquet: z.string().optional(),
      Due_Date: z.string().optional(),
      Renewal_Amount: scalarText.optional(),
      WrongBillersCode: z.boolean().optional(),
      error: z.string().optional(),
    })
    .optional()
    .catch(undefined),
  response_description: z.string().optional(),
});
const balanceAnswer = z.looseObject({ contents: z.looseObject({ balance: scalarText }) });
const variationList = z.array(
  z.looseObject({ variation_code: z.string(), name: z.string(), variation_amount: scalarText }),
);
const variationsAnswer = z.looseObject({
  content: z.looseObject({ variations: variationList.optional(), varations: variationList.optional() }),
});
const webhook = z.looseObject({
  type: z.literal("transaction-update"),
  data: z.looseObject({ requestId: scalarText }),
});

/** Why a call that is not a purchase was refused, in VTpass's own words, for the log and staff. */
function refusal(what: string, reply: OutsideReply): ProviderRefused {
  const body = reply.isJson ? JSON.stringify(reply.json).slice(0, 300) : "a body that is not JSON";
  return new ProviderRefused(`VTpass refused ${what}: HTTP ${reply.httpStatus}, ${body}`);
}

type SoldByVtpass = Exclude<ProviderOrder, { service: "recharge_pin" }>;

function payBody(requestId: string, order: SoldByVtpass): Record<string, unknown> {
  const common = { request_id: requestId, serviceID: order.serviceId, amount: toNaira(order.amount) };
  switch (order.service) {
    case "airtime":
      return { ...common, phone: order.phone };
    case "data":
      return { ...common, billersCode: order.phone, variation_code: order.variationCode, phone: order.phone };
    case "tv":
      return {
        ...common,
        billersCode: order.smartcard,
        variation_code: order.variationCode,
        subscription_type: order.subscriptionType,
        quantity: 1,
        phone: order.phone,
      };
    case "electricity":
      return {
        ...common,
        billersCode: order.meterNumber,
        variation_code: order.meterType,
        phone: order.phone,
      };
    case "exam_pin":
      // The variation code fixes the price (VTpass ignores an amount); JAMB's PIN is for a profile.
      return {
        request_id: requestId,
        serviceID: order.serviceId,
        variation_code: order.variationCode,
        quantity: order.quantity,
        phone: order.phone,
        ...(order.profileId ? { billersCode: order.profileId } : {}),
      };
  }
}

/** The VTpass adapter: the one path every purchase takes, against the simulator or the real host. */
export function createVtpassProvider(options: VtpassClientOptions): Provider {
  const http = vtpassClient(options);

  /** merchant-verify; `notFound` is what the customer is told when VTpass finds no one. */
  async function verify(body: Record<string, unknown>, signal: AbortSignal | undefined, notFound: string) {
    const reply = await http.post("merchant-verify", body, signal);
    const parsed = verification.safeParse(reply.json);
    if (!reply.isJson || !parsed.success) throw refusal("the verification", reply);
    const content = parsed.data.content;
    if (
      content?.WrongBillersCode ||
      content?.error ||
      (parsed.data.code === "000" && !content?.Customer_Name)
    ) {
      throw new VerificationRefused(notFound);
    }
    if (parsed.data.code !== "000" || !content?.Customer_Name) throw refusal("the verification", reply);
    return content as typeof content & { Customer_Name: string };
  }

  return {
    name: "vtpass",
    label: "VTpass",
    resendsSafely: true,
    newRequestId: vtpassRequestId,

    async verifySmartcard(serviceId, smartcard, signal): Promise<TvVerifyResult> {
      const found = await verify(
        { billersCode: smartcard, serviceID: serviceId },
        signal,
        "We could not find a customer with that smartcard number.",
      );
      const due = found.Due_Date?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
      const renewal = found.Renewal_Amount === undefined ? undefined : toKobo(found.Renewal_Amount);
      return {
        customer_name: found.Customer_Name.trim(),
        ...(found.Current_Bouquet?.trim() && currentBouquet(found.Current_Bouquet)),
        ...(due && { due_date: due }),
        ...(renewal !== undefined && renewal > 0 && { renewal_amount: renewal }),
      };
    },

    async verifyMeter(serviceId, meterNumber, meterType, signal): Promise<MeterVerifyResult> {
      const found = await verify(
        { billersCode: meterNumber, serviceID: serviceId, type: meterType },
        signal,
        "We could not find a customer with that meter number.",
      );
      return {
        customer_name: found.Customer_Name.trim(),
        address: (found.Address ?? found.Customer_Address ?? "").trim(),
      };
    },

    /** JAMB's profile ID, checked with the PIN's variation code as `type`, as VTpass asks. */
    async verifyCandidate(serviceId, variationCode, profileId, signal): Promise<ExamPinVerifyResult> {
      const found = await verify(
        { billersCode: profileId, serviceID: serviceId, type: variationCode },
        signal,
        "JAMB has no candidate with that profile ID. Check it on JAMB's portal and try again.",
      );
      return { customer_name: found.Customer_Name.trim() };
    },

    async buy(requestId, order, signal) {
      // VTpass prints no recharge cards: refused before anything is sent, so another provider may sell them.
      if (order.service === "recharge_pin")
        return { status: "failed", reason: "VTpass does not sell recharge cards.", safeToFailOver: true };
      const asked = { requestId, recipient: recipientOf(order), service: order.service };
      return classifyPayAnswer(await http.post("pay", payBody(requestId, order), signal), asked);
    },

    async requery(attempt, signal) {
      const order = attempt.order;
      const asked = { requestId: attempt.requestId, recipient: recipientOf(order), service: order.service };
      return classifyRequeryAnswer(
        await http.post("requery", { request_id: attempt.requestId }, signal),
        asked,
      );
    },

    async balance(signal) {
      const reply = await http.get("balance", signal);
      const parsed = balanceAnswer.safeParse(reply.json);
      if (!parsed.success) throw refusal("the balance enquiry", reply);
      return toKobo(parsed.data.contents.balance);
    },

    async variations(serviceId, signal): Promise<ProviderVariation[]> {
      const reply = await http.get(`service-variations?serviceID=${encodeURIComponent(serviceId)}`, signal);
      const parsed = variationsAnswer.safeParse(reply.json);
      const list = parsed.success
        ? (parsed.data.content.variations ?? parsed.data.content.varations)
        : undefined;
      if (!list) throw refusal(`the plan list of ${serviceId}`, reply);
      return list.map((v) => ({
        code: v.variation_code,
        name: v.name.trim(),
        amount: toKobo(v.variation_amount),
      }));
    },

    webhookRequestId(rawBody) {
      try {
        const parsed = webhook.safeParse(JSON.parse(rawBody));
        return parsed.success ? parsed.data.data.requestId : null;
      } catch {
        return null;
      }
    },
  };
}
