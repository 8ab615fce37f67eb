import type { ExamPinVerifyResult } from "../../schemas/examPins";
import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../schemas/purchases";
import type { Voucher } from "../../schemas/transactions";

/**
 * What the provider must deliver, in its own terms, not our ids: `serviceId` is VTpass's serviceID
 * or a vendor's network, cable or disco id; `variationCode` its plan code or id.
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
    }
  | {
      /**
       * Exam PINs: VTpass's education serviceID (`waec`, `waec-registration`, `jamb`) and variation
       * code, or a vendor's exam name (`WAEC`) with no code. `profileId` is a JAMB candidate's, sent as
       * `billersCode`. `amount` is what the provider charges us for them all.
       */
      service: "exam_pin";
      serviceId: string;
      variationCode: string;
      productId: number;
      quantity: number;
      phone: string;
      profileId?: string;
      amount: number;
    }
  | {
      /**
       * Recharge cards to print: the vendor's network id (`serviceId`) and its `network_amount` id for
       * the card's value (`variationCode`). `networkId`, `network` and `denomination` are ours, kept for
       * what each card prints; `nameOnCard` is printed on every card. `amount` is their cost to us.
       */
      service: "recharge_pin";
      serviceId: string;
      variationCode: string;
      productId: number;
      networkId: number;
      network: string;
      denomination: number;
      quantity: number;
      nameOnCard: string;
      amount: number;
    };

/**
 * Trouble staff must look at: the business's own account at the provider (`low_balance`, `account`:
 * nothing sells there until someone fixes it), or an answer that does not fit the purchase asked
 * about (`mismatch`: another purchase's record, another number or amount; no money moves on it).
 */
export type ProviderAlertKind = "low_balance" | "account" | "mismatch";

/**
 * The provider's answer about one purchase. Only `failed` and `reversed` are certain enough to give
 * money back; anything unclear is `pending`, and a requery will tell. `note` is the provider's own
 * words, kept in the purchase's history for staff.
 */
export type ProviderResult =
  | {
      status: "successful";
      providerReference?: string;
      token?: string;
      units?: string;
      /** A prepaid meter's two key change tokens (KCT1, KCT2), typed in before the token, when the disco gives them. */
      kcts?: string[];
      /** The PINs delivered (exam PINs, recharge cards), as many as were bought. */
      vouchers?: Voucher[];
      note?: string;
    }
  | {
      status: "failed";
      providerReference?: string;
      reason: string;
      note?: string;
      alert?: ProviderAlertKind;
      /**
       * The provider certainly did not deliver and kept nothing (docs/PROVIDERS.md, "What is safe to
       * fail over"): the purchase may go to another provider instead of back to the customer.
       */
      safeToFailOver?: true;
    }
  | { status: "reversed"; providerReference?: string; reason: string; note?: string }
  | {
      status: "pending";
      providerReference?: string;
      note?: string;
      alert?: ProviderAlertKind;
      /** The provider has no record of this request id at all (VTpass `015`). */
      unknownRequest?: boolean;
      /** No answer came: the time limit passed or the connection broke (askProvider). */
      unanswered?: true;
    };

/** A plan as the provider lists it, for the data-plan sync. */
export interface ProviderVariation {
  code: string;
  name: string;
  /** What the provider charges us, in kobo. */
  amount: number;
  /** How the network delivers it, where the provider says (the SME-data vendors do). */
  planType?: DataPlanType;
  /** How long it lasts, in the provider's words ("30 days", "Monthly"). */
  validity?: string;
}

/** How a network delivers a data plan: the vendors' plan types, and a network's own plans (`direct`). */
export type DataPlanType = "sme" | "corporate_gifting" | "gifting" | "direct";

/** One purchase as sent to a provider: what a requery needs to find it again. */
export interface SentAttempt {
  /** Our id for it, sent to providers that take one (VTpass's `request_id`). */
  requestId: string;
  /** The provider's own id for it, once an answer gave one; null while none has. */
  providerReference: string | null;
  order: ProviderOrder;
  /** When it was sent (a provider without our id is searched by number, product, amount and time). */
  sentAt: Date;
}

/** The provider could not find the smartcard or meter: the customer's mistake, told plainly. */
export class VerificationRefused extends Error {}

/** The provider refused a call that is not a purchase (bad keys, an unknown service): staff must look. */
export class ProviderRefused extends Error {}

/**
 * A seller of airtime, data, TV and electricity (VTpass, an SME-data vendor). Every call is bounded
 * by the time limit config gives the adapter's client; a caller may abort sooner with a signal.
 * `buy` and `requery` never throw for an answer they understood; a thrown error (a reset connection,
 * a timeout) means nobody knows, which the caller treats as pending, except `NothingSent`
 * (outsideHttp.ts): the provider was never reached.
 */
export interface Provider {
  /** Which adapter speaks for it, as `PROVIDERS` lists it: `vtpass`, `msorg`. */
  readonly name: string;
  /** Its name as staff know it ("VTpass", the vendor's own name). */
  readonly label: string;
  /**
   * A purchase sent again with the same request id is answered as the first, never bought twice
   * (VTpass: a repeat answers `014`). Such a provider's purchase it has no record of is re-sent,
   * not waited on: it never got there.
   */
  readonly resendsSafely?: true;
  /** A fresh id for one purchase, in the provider's format, made before the money is held. */
  newRequestId(at: Date): string;
  verifySmartcard(serviceId: string, smartcard: string, signal?: AbortSignal): Promise<TvVerifyResult>;
  verifyMeter(
    serviceId: string,
    meterNumber: string,
    meterType: MeterType,
    signal?: AbortSignal,
  ): Promise<MeterVerifyResult>;
  /**
   * A JAMB candidate's profile ID checked before buying their PIN (VTpass `merchant-verify` with the
   * PIN's variation code as `type`); a provider that sells no JAMB PINs leaves it out.
   */
  verifyCandidate?(
    serviceId: string,
    variationCode: string,
    profileId: string,
    signal?: AbortSignal,
  ): Promise<ExamPinVerifyResult>;
  buy(requestId: string, order: ProviderOrder, signal?: AbortSignal): Promise<ProviderResult>;
  /** Asks where a purchase sent earlier stands. */
  requery(attempt: SentAttempt, signal?: AbortSignal): Promise<ProviderResult>;
  /** The business's own balance at the provider, in kobo. */
  balance(signal?: AbortSignal): Promise<number>;
  /** The plans the provider sells for one of its services (a VTpass serviceID, a vendor's network id). */
  variations(serviceId: string, signal?: AbortSignal): Promise<ProviderVariation[]>;
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
    case "exam_pin":
      return order.profileId ?? order.phone;
    case "recharge_pin":
      return order.nameOnCard;
  }
}
