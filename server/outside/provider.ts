import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../schemas/purchases";

/**
 * What the provider must deliver, in its own terms (its serviceIDs and plan codes, not our ids).
 * Stored with the purchase when its money is held, so a requery or a restart has all it needs.
 * Amounts are kobo: airtime's face value, a plan's cost, electricity's value.
 */
export type ProviderOrder =
  | { service: "airtime"; serviceId: string; phone: string; amount: number }
  | {
      service: "data";
      serviceId: string;
      variationCode: string;
      planId: number;
      phone: string;
      amount: number;
    }
  | {
      service: "tv";
      serviceId: string;
      variationCode: string;
      planId: number;
      smartcard: string;
      phone: string;
      /** `change` buys the chosen bouquet; `renew` renews the smartcard's current one. */
      subscriptionType: "change" | "renew";
      amount: number;
    }
  | {
      service: "electricity";
      serviceId: string;
      meterNumber: string;
      meterType: MeterType;
      amount: number;
      phone: string;
    };

/** Trouble with the business's own account at the provider: nothing sells until someone fixes it. */
export type ProviderAlertKind = "low_balance" | "account";

/**
 * The provider's answer about one purchase. Only `failed` and `reversed` are certain enough to give
 * money back; anything unclear is `pending`, and a requery will tell. `note` is the provider's own
 * words, kept in the purchase's history for staff.
 */
export type ProviderResult =
  | { status: "successful"; providerReference?: string; token?: string; units?: string; note?: string }
  | {
      status: "failed";
      providerReference?: string;
      reason: string;
      note?: string;
      alert?: ProviderAlertKind;
    }
  | { status: "reversed"; providerReference?: string; reason: string; note?: string }
  | {
      status: "pending";
      providerReference?: string;
      note?: string;
      alert?: ProviderAlertKind;
      /** The provider has no record of this request id at all (VTpass `015`). */
      unknownRequest?: boolean;
    };

/** A plan as the provider lists it, for the data-plan sync. */
export interface ProviderVariation {
  code: string;
  name: string;
  /** What the provider charges us, in kobo. */
  amount: number;
}

/** The provider could not find the smartcard or meter: the customer's mistake, told plainly. */
export class VerificationRefused extends Error {}

/** The provider refused a call that is not a purchase (bad keys, an unknown service): staff must look. */
export class ProviderRefused extends Error {}

/**
 * A seller of airtime, data, TV and electricity (VTpass). Every call takes an abort signal: the
 * caller owns the time limit. `buy` and `requery` never throw for an answer they understood; a
 * thrown error (a reset connection, a timeout) means nobody knows, which the caller treats as pending.
 */
export interface Provider {
  readonly name: string;
  /** A fresh id for one purchase, in the provider's format, made before the money is held. */
  newRequestId(at: Date): string;
  verifySmartcard(serviceId: string, smartcard: string, signal: AbortSignal): Promise<TvVerifyResult>;
  verifyMeter(
    serviceId: string,
    meterNumber: string,
    meterType: MeterType,
    signal: AbortSignal,
  ): Promise<MeterVerifyResult>;
  buy(requestId: string, order: ProviderOrder, signal: AbortSignal): Promise<ProviderResult>;
  requery(requestId: string, signal: AbortSignal): Promise<ProviderResult>;
  /** The business's own balance at the provider, in kobo. */
  balance(signal: AbortSignal): Promise<number>;
  variations(serviceId: string, signal: AbortSignal): Promise<ProviderVariation[]>;
  /** The request id a webhook body speaks of, or null when it is not one of the provider's. */
  webhookRequestId(rawBody: string): string | null;
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
