import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../schemas/purchases";

/** What the provider must deliver, in its own terms (codes, not our ids). */
export type ProviderOrder =
  | { service: "airtime"; network: string; phone: string; amount: number }
  | { service: "data"; network: string; planCode: string; phone: string }
  | { service: "tv"; providerCode: string; planCode: string; smartcard: string; phone: string }
  | {
      service: "electricity";
      discoCode: string;
      meterNumber: string;
      meterType: MeterType;
      amount: number;
      phone: string;
    };

/** The provider's answer. Only `failed` is certain enough to give the money back. */
export type ProviderResult =
  | { status: "successful"; providerReference: string; token?: string }
  | { status: "failed"; providerReference?: string; reason: string }
  | { status: "pending"; providerReference?: string };

/** The provider could not find the smartcard or meter: the customer's mistake, told plainly. */
export class VerificationRefused extends Error {}

/**
 * A seller of airtime, data, TV and electricity (VTpass and its like). `buy` is called with our
 * reference as the idempotency key and an abort signal for our timeout; `requery` asks again about
 * that reference (`attempt` counts from 1).
 */
export interface Provider {
  readonly name: string;
  verifySmartcard(providerCode: string, smartcard: string): Promise<TvVerifyResult>;
  verifyMeter(discoCode: string, meterNumber: string, meterType: MeterType): Promise<MeterVerifyResult>;
  buy(reference: string, order: ProviderOrder, signal: AbortSignal): Promise<ProviderResult>;
  requery(reference: string, order: ProviderOrder, attempt: number): Promise<ProviderResult>;
}

export function recipientOf(order: ProviderOrder): string {
  switch (order.service) {
    case "airtime":
    case "data":
      return order.phone;
    case "tv":
      return order.smartcard;
    case "electricity":
      return order.meterNumber;
  }
}
