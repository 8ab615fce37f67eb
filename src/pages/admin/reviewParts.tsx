import type { ReactNode } from "react";
import { identityTypeName } from "../../../schemas/kyc";
import type { CheckSummary } from "../../../schemas/kycReview";
import type { IdentityCheckOutcome, ReviewStatus } from "../../../schemas/kycStatus";
import { formatDateTime } from "../../format/formatDateTime";

// What the console's identity reviews (corrections, contests, matches) show alike.

export const statusLabels: Record<ReviewStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
};
const outcomeLabels: Record<IdentityCheckOutcome, string> = {
  matched: "matched",
  taken: "matched, but linked to another account",
  name_mismatch: "name did not match",
  dob_mismatch: "date of birth did not match",
  phone_mismatch: "phone did not match",
  not_found: "number not found",
  refused: "the registry bars this number",
};

export const masked = (type: "bvn" | "nin", last4: string) => `${identityTypeName[type]} •••••••${last4}`;

export function StatusPill({ status }: { status: ReviewStatus }) {
  const tone = status === "pending" ? "pill-wait" : status === "approved" ? "pill-ok" : "pill-off";
  return <span className={`pill ${tone}`}>{statusLabels[status]}</span>;
}

export /** Checks the registry answered; beside a contest they are all of its number, which goes unsaid. */
function Checks({ checks, ofNumber = false }: { checks: CheckSummary[]; ofNumber?: boolean }) {
  if (checks.length === 0) return <>None</>;
  return (
    <ul className="review-checks">
      {checks.map((check) => (
        <li key={`${check.checked_at}-${check.id_last4}-${check.outcome}`}>
          {!ofNumber && `${masked(check.id_type, check.id_last4)}: `}
          {outcomeLabels[check.outcome]}{" "}
          <span className="record-meta">{formatDateTime(check.checked_at)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Who decided a review, when, and the reason they gave: once it is decided. */
export function Resolution({
  review,
}: {
  review: {
    status: ReviewStatus;
    resolved_at: string | null;
    resolved_by: { name: string } | null;
    resolution: string | null;
  };
}): ReactNode {
  if (review.status === "pending" || !review.resolved_at) return null;
  return (
    <p className="record-meta">
      {statusLabels[review.status]} {formatDateTime(review.resolved_at)}
      {review.resolved_by && ` by ${review.resolved_by.name}`}
      {review.resolution && (
        <>
          : <q>{review.resolution}</q>
        </>
      )}
    </p>
  );
}
