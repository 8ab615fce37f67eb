import type { StaffDispute } from "../../../../schemas/disputes";
import type { DisputeReason, DisputeStatus } from "../../../../schemas/disputeView";

export const reasonLabels: Record<DisputeReason, string> = {
  not_received: "Nothing arrived",
  wrong_recipient: "Went to the wrong number",
  token_not_working: "Token or PIN does not work",
  other: "Something else",
};

export const disputeStatusLabels: Record<DisputeStatus, string> = {
  open: "Open",
  closed_by_requery: "Closed: money back after the requery",
  resolved_refund: "Refunded",
  resolved_redeliver: "Sent again",
  rejected: "Rejected",
};

export const requeryLabels: Record<NonNullable<StaffDispute["requery"]>["status"], string> = {
  successful: "Delivered",
  pending: "Still pending",
  failed: "Failed",
  reversed: "Reversed",
};
