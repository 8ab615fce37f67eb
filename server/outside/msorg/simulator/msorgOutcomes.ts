/**
 * Which recipient (phone, smartcard or meter) gets which outcome, by its last four digits: the same
 * triggers as the VTpass simulator where the outcome is the same (docs/PROVIDERS.md), and every
 * other number succeeds, so any number can be tried in development.
 */

export type MsorgStatus = "successful" | "failed" | "processing";

/** How a purchase is answered: its record, a refusal before any record, or a lost answer. */
export type MsorgAnswerStyle = "record" | "refused" | "non-json" | "no-answer" | "slow";

export interface MsorgOutcome {
  answer: MsorgAnswerStyle;
  /** The record's status when made; a refused purchase makes none. */
  initial: MsorgStatus;
  /** What a processing record becomes. */
  settlesTo: "successful" | "failed";
  /** Which requery by id (1 = the first) settles it; null: only time or the control. */
  settlesAtRequery: number | null;
  /** An `epin/` or `rechargepin/` record that delivers one PIN fewer than bought. */
  pinsShort?: boolean;
}

export const msorgTriggers = {
  failed: "0000",
  processingThenSuccessful: "1111",
  processingThenFailed: "2222",
  slow: "3333",
  notFound: "4444",
  notJson: "5555",
  noAnswer: "6666",
  refused: "7777",
} as const;

const successful: MsorgOutcome = {
  answer: "record",
  initial: "successful",
  settlesTo: "successful",
  settlesAtRequery: null,
};
const processing = (settlesTo: MsorgOutcome["settlesTo"]): MsorgOutcome => ({
  answer: "record",
  initial: "processing",
  settlesTo,
  settlesAtRequery: 2,
});

const byLastFour: Record<string, MsorgOutcome> = {
  [msorgTriggers.failed]: { ...successful, initial: "failed", settlesTo: "failed" },
  [msorgTriggers.processingThenSuccessful]: processing("successful"),
  [msorgTriggers.processingThenFailed]: processing("failed"),
  // The purchase is made though its answer is late, broken or lost.
  [msorgTriggers.slow]: { ...successful, answer: "slow" },
  [msorgTriggers.notJson]: { ...successful, answer: "non-json" },
  [msorgTriggers.noAnswer]: { ...successful, answer: "no-answer" },
  [msorgTriggers.refused]: { ...successful, answer: "refused" },
};

export function outcomeFor(recipient: string): MsorgOutcome {
  return byLastFour[recipient.slice(-4)] ?? successful;
}

/** The refusal a `7777` number gets: before any record, nothing charged. */
export const refusedWords = "This number cannot receive this product";

/**
 * `epin/` takes no phone, so its outcomes go by how many PINs are bought: 6 to 9 are the test
 * quantities (docs/PROVIDERS.md), every other quantity succeeds. A script for the exam's name
 * (`control.script("NECO", …)`) still answers the next purchase of that exam.
 */
export const msorgEpinTriggers = {
  failed: 6,
  processingThenSuccessful: 7,
  processingThenFailed: 8,
  shortOfPins: 9,
} as const;

const byQuantity: Record<number, MsorgOutcome> = {
  [msorgEpinTriggers.failed]: { ...successful, initial: "failed", settlesTo: "failed" },
  [msorgEpinTriggers.processingThenSuccessful]: processing("successful"),
  [msorgEpinTriggers.processingThenFailed]: processing("failed"),
  [msorgEpinTriggers.shortOfPins]: { ...successful, pinsShort: true },
};

export function epinOutcomeFor(quantity: number): MsorgOutcome {
  return byQuantity[quantity] ?? successful;
}

/**
 * `rechargepin/` likewise goes by how many cards are printed: 96 to 99 are its test quantities
 * (docs/PROVIDERS.md, README), every other quantity from 1 to 100 succeeds. A script for the name on
 * the cards (`control.script("Ade Stores", …)`) answers that name's next purchase.
 */
export const msorgRechargeTriggers = {
  failed: 96,
  processingThenSuccessful: 97,
  processingThenFailed: 98,
  shortOfCards: 99,
} as const;

const byCardQuantity: Record<number, MsorgOutcome> = {
  [msorgRechargeTriggers.failed]: { ...successful, initial: "failed", settlesTo: "failed" },
  [msorgRechargeTriggers.processingThenSuccessful]: processing("successful"),
  [msorgRechargeTriggers.processingThenFailed]: processing("failed"),
  [msorgRechargeTriggers.shortOfCards]: { ...successful, pinsShort: true },
};

export function rechargeOutcomeFor(quantity: number): MsorgOutcome {
  return byCardQuantity[quantity] ?? successful;
}
