import type { AnyMachineSnapshot, EventObject } from "xstate";
import type { FundingCheck } from "../../schemas/wallet";
import { ApiFailure } from "../../src/api/client";
import { customerProfile } from "./fixtures";
import { onlyRunningActors } from "./graphEvents";
import { funding } from "./transactionFixtures";

/** Staff funding Ngozi's wallet: the page of confirmActionMachine's tests and saved states. */
export const fundee = { id: customerProfile.id, name: "Ngozi Adeyemi" };
export const fundDraft = { amount: 250_000, reason: "Bank transfer reconciled" };
export const fundRequestId = "0b7c6a1e-5d4f-4e3a-9c2b-1a0f9e8d7c6b";

/** The outcomes a send can have, as the graph offers them and the fake API answers them. */
export const fundOutcomes = {
  funded: funding({ total: 250_000, description: "Funding by staff" }),
  unknown: new ApiFailure(0, "We could not reach OjaPay."),
  refused: new ApiFailure(400, "The largest amount you can add at once is ₦1,000,000.", {
    fields: { amount: ["The largest amount you can add at once is ₦1,000,000."] },
  }),
  conflict: new ApiFailure(409, "This request was already used for another funding."),
};

// What Fund wallet can make happen: review one draft, confirm it in the dialog, cancel, retry, and
// every kind of answer. (`action.edit` and a confirm without a question are other pages' ways in.)
export const fundWalletEvents = [
  { type: "action.review", draft: fundDraft },
  { type: "action.confirm" },
  { type: "action.cancel" },
  { type: "action.retry" },
  { type: "xstate.done.actor.send", output: fundOutcomes.funded },
  { type: "xstate.error.actor.send", error: fundOutcomes.unknown },
  { type: "xstate.error.actor.send", error: fundOutcomes.refused },
  { type: "xstate.error.actor.send", error: fundOutcomes.conflict },
] as const;

/** The dialog's confirm button is the only way Fund wallet confirms. */
export const fundWalletFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  onlyRunningActors(snapshot, event) && (event.type !== "action.confirm" || snapshot.matches("confirming"));

export const fundingReference = "OJA-FUND0001";
const check = (
  status: "pending" | "successful" | "failed",
  gateway_status: FundingCheck["gateway_status"],
) => ({
  transaction: funding({ reference: fundingReference, status, total: 250_000 }),
  gateway_status,
});

/** The answers a check can have, as the graph offers them and the fake API answers them. */
export const checkOutcomes = {
  pending: check("pending", "pending"),
  abandoned: check("pending", "abandoned"),
  successful: check("successful", "successful"),
  failed: check("failed", "failed"),
  unknown: new ApiFailure(404, "Not found."),
  unreachable: new ApiFailure(0, "We could not reach OjaPay."),
};

export const pollEvent = "xstate.after.pollInterval.fundingCheck.confirming.waiting";
export const timeLimitEvent = "xstate.after.confirmFor.fundingCheck.confirming";

export const fundingCheckEvents = [
  { type: "xstate.done.actor.checkFunding", output: checkOutcomes.pending },
  { type: "xstate.done.actor.checkFunding", output: checkOutcomes.abandoned },
  { type: "xstate.done.actor.checkFunding", output: checkOutcomes.successful },
  { type: "xstate.done.actor.checkFunding", output: checkOutcomes.failed },
  { type: "xstate.error.actor.checkFunding", error: checkOutcomes.unknown },
  { type: "xstate.error.actor.checkFunding", error: checkOutcomes.unreachable },
  { type: pollEvent },
  { type: timeLimitEvent },
  { type: "funding.recheck" },
] as const;
