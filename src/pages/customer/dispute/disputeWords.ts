import type { CustomerDispute, DisputeReason } from "../../../../schemas/disputeView";

export const reasonWords: ReadonlyArray<[DisputeReason, string]> = [
  ["not_received", "Nothing arrived"],
  ["wrong_recipient", "It went to the wrong number"],
  ["token_not_working", "The token or PIN does not work"],
  ["other", "Something else"],
];

export const reasonLabel = (reason: DisputeReason) => reasonWords.find(([r]) => r === reason)?.[1] ?? reason;

/** How a dispute stands, in the customer's words. */
export const disputeStanding: Record<CustomerDispute["status"], string> = {
  open: "Staff are looking into it",
  closed_by_requery: "The provider says it did not deliver: your money is back in your wallet",
  resolved_refund: "Refunded to your wallet",
  resolved_redeliver: "Sent again, at our cost",
  rejected: "Closed: the provider delivered it",
};
