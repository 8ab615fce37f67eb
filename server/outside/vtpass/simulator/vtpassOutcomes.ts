import { profileService } from "./vtpassCatalogue";
import type { PayOrder } from "./vtpassPayOrder";

/**
 * Which number gets which outcome (the phone for airtime and exam PINs, the billersCode otherwise):
 * VTpass's documented sandbox test numbers first, then OjaPay's own last-four-digit triggers
 * (docs/money.md, "Test numbers"), then success.
 *
 * Real VTpass's sandbox fails every number that is not one of its test numbers. The simulator
 * delivers to them instead, so any number can be tried in development.
 */

/** How `pay` answers. */
export type PayAnswerStyle =
  | "delivered" // 000, transactions.status "delivered"
  | "pending" // 000, transactions.status "pending"
  | "processing" // 099 TRANSACTION IS PROCESSING
  | "failed" // 016 TRANSACTION FAILED
  | "non-json" // HTTP 500 with an HTML page
  | "no-answer" // the socket closes with nothing written
  | "timeout" // the normal answer, after timeoutAnswerMs
  | "hang"; // never answers, until the client gives up

export interface PayOutcome {
  pay: PayAnswerStyle;
  /** The transaction's status as soon as it exists. */
  initial: "delivered" | "pending" | "failed";
  /** What a pending transaction becomes when it settles. */
  settlesTo: "delivered" | "failed";
  /** Which requery (1 = the first) settles it; null: only time or the control settle it. */
  settlesAtRequery: number | null;
}

const delivered: PayOutcome = {
  pay: "delivered",
  initial: "delivered",
  settlesTo: "delivered",
  settlesAtRequery: null,
};
/** An unclear answer on pay, though the purchase went through. */
const unclear = (pay: PayAnswerStyle): PayOutcome => ({ ...delivered, pay });

/** VTpass's sandbox test numbers. */
export const vtpassTestNumbers = {
  successPhone: "08011111111",
  prepaidMeter: "1111111111111",
  postpaidMeter: "1010101010101",
  smartcard: "1212121212",
  pending: "201000000000",
  unexpectedResponse: "500000000000",
  noResponse: "400000000000",
  timeout: "300000000000",
} as const;

const exactNumbers: Record<string, PayOutcome> = {
  [vtpassTestNumbers.successPhone]: delivered,
  [vtpassTestNumbers.prepaidMeter]: delivered,
  [vtpassTestNumbers.postpaidMeter]: delivered,
  [vtpassTestNumbers.smartcard]: delivered,
  [vtpassTestNumbers.pending]: {
    pay: "pending",
    initial: "pending",
    settlesTo: "delivered",
    settlesAtRequery: 2,
  },
  [vtpassTestNumbers.unexpectedResponse]: unclear("non-json"),
  [vtpassTestNumbers.noResponse]: unclear("no-answer"),
  [vtpassTestNumbers.timeout]: unclear("timeout"),
};

/** OjaPay's triggers, by the recipient's last four digits. */
export const lastFourTriggers = {
  fails: "0000",
  pendingThenDelivered: "1111",
  pendingThenFails: "2222",
  neverAnswers: "3333",
  notFound: "4444",
} as const;

const byLastFour: Record<string, PayOutcome> = {
  [lastFourTriggers.fails]: { pay: "failed", initial: "failed", settlesTo: "failed", settlesAtRequery: null },
  [lastFourTriggers.pendingThenDelivered]: {
    pay: "processing",
    initial: "pending",
    settlesTo: "delivered",
    settlesAtRequery: 2,
  },
  [lastFourTriggers.pendingThenFails]: {
    pay: "processing",
    initial: "pending",
    settlesTo: "failed",
    settlesAtRequery: 2,
  },
  // The purchase exists though pay never answered; the first requery finds it delivered.
  [lastFourTriggers.neverAnswers]: {
    pay: "hang",
    initial: "pending",
    settlesTo: "delivered",
    settlesAtRequery: 1,
  },
};

const fails = byLastFour[lastFourTriggers.fails] as PayOutcome;

export function payOutcomeFor(recipient: string): PayOutcome {
  return exactNumbers[recipient] ?? byLastFour[recipient.slice(-4)] ?? delivered;
}

/** A pay order's outcome, by its trigger number; a JAMB PIN for a profile verification cannot find fails. */
export function payOutcomeOf(order: Pick<PayOrder, "service" | "recipient" | "trigger">): PayOutcome {
  const profile = order.service.serviceID === profileService;
  if (profile && !isFoundOnVerify(order.recipient)) return fails;
  return payOutcomeFor(order.trigger);
}

/** merchant-verify finds every smartcard, meter and JAMB profile ID but those ending 4444. */
export function isFoundOnVerify(billersCode: string): boolean {
  return billersCode in exactNumbers || !billersCode.endsWith(lastFourTriggers.notFound);
}
