import type { StaffDispute } from "../../../../schemas/disputes";
import type { DisputeStatus } from "../../../../schemas/disputeView";

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
