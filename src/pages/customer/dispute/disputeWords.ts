import {
  type CustomerDispute,
  type DisputeReason,
  disputeReasonLabels,
  disputeReasons,
} from "../../../../schemas/disputeView";

export const reasonWords: ReadonlyArray<[DisputeReason, string]> = disputeReasons.map((reason) => [
  reason,
  disputeReasonLabels[reason],
]);

export const reasonLabel = (reason: DisputeReason) => disputeReasonLabels[reason];

/** How a dispute stands, in the customer's words. */
export const disputeStanding: Record<CustomerDispute["status"], string> = {
  open: "Staff are looking into it",
  closed_by_requery: "The provider says it did not deliver: your money is back in your wallet",
  resolved_refund: "Refunded to your wallet",
  resolved_redeliver: "Sent again, at our cost",
  rejected: "Closed: the provider delivered it",
};
