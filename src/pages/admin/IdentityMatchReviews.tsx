import { useCallback, useState } from "react";
import type { MatchReviewReason, MatchReviewView } from "../../../schemas/kycMatchReview";
import { reviewDecisionBody } from "../../../schemas/kycReview";
import type { ReviewStatus } from "../../../schemas/kycStatus";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { useReasonDialog } from "../../app/useReasonDialog";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PagedResults } from "../../components/PagedResults";
import { ReasonField } from "../../components/TextAreaField";
import { formatDateTime } from "../../format/formatDateTime";
import { fullName } from "./accountLabels";
import { Checks, masked, Resolution, StatusPill } from "./reviewParts";

const reasonLabels: Record<MatchReviewReason, string> = {
  no_registry_phone: "The registry holds no phone for this number",
  registry_phone_no_sms: "Registry phone, no SMS: text messages are off, so no code could be sent",
};
const statusWords: Record<ReviewStatus, string> = {
  pending: "waiting",
  approved: "approved",
  rejected: "rejected",
};

type Decision = { review: MatchReviewView; action: "approve" | "reject" };

/**
 * Identity matches for staff (issue 38): checks the registry matched that no code could confirm,
 * since a match proves only that someone knows the person's details. Staff confirm the number is the
 * customer's (tier 2) or refuse it, with a reason kept in the audit log.
 */
export function IdentityMatchReviews({ status }: { status: ReviewStatus }) {
  const { admin } = useAdminServices();
  const [page, setPage] = useState(1);
  const list = useLoad(useCallback(() => admin.identityMatches({ status, page }), [admin, status, page]));
  const decision = useReasonDialog<Decision>({
    schema: reviewDecisionBody,
    send: (d, reason) => admin.decideIdentityMatch(d.review.id, d.action, reason),
    reload: list.retry,
  });
  const draft = decision.subject;
  const number = (r: MatchReviewView) => masked(r.id_type, r.id_last4);

  return (
    <>
      <PagedResults
        title="Identity matches to confirm"
        showTitle
        list={list}
        page={page}
        onPage={setPage}
        failed="We could not load the identity matches."
        none={<p>{`No ${statusWords[status]} identity matches.`}</p>}
        pagerLabel="Identity matches pages"
      >
        {(rows, stale) => (
          <ul className={`console-list ${stale ? "stale" : ""}`}>
            {rows.map((r) => (
              <li key={r.id}>
                <article className="record" aria-label={`Identity match for ${fullName(r.customer)}`}>
                  <div className="record-head">
                    <span className="record-title">{fullName(r.customer)}</span>
                    <StatusPill status={r.status} />
                  </div>
                  <p className="review-reason">{reasonLabels[r.reason]}</p>
                  <p className="record-meta">
                    {number(r)} · registry name {r.record_name ?? "not given"}
                    {r.record_phone && ` · registry phone ${r.record_phone}`} · profile phone{" "}
                    {r.customer.phone} · matched {formatDateTime(r.created_at)}
                  </p>
                  <div className="record-meta">
                    Checks: <Checks checks={r.checks} />
                  </div>
                  {r.status === "pending" ? (
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="button"
                        onClick={() => decision.open({ review: r, action: "approve" })}
                      >
                        Confirm identity
                      </button>
                      <button
                        type="button"
                        className="button secondary"
                        onClick={() => decision.open({ review: r, action: "reject" })}
                      >
                        Reject
                      </button>
                    </div>
                  ) : (
                    <Resolution review={r} />
                  )}
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
      <ConfirmDialog
        flow={decision.flow}
        title={draft?.action === "approve" ? "Confirm this identity?" : "Reject this match?"}
        confirmLabel={draft?.action === "approve" ? "Confirm identity" : "Reject"}
        busyLabel="Saving…"
        onSubmit={decision.submit}
        failureMessage="Nothing was decided, or we could not tell. Trying again is safe."
      >
        {draft && (
          <p>
            {draft.action === "approve"
              ? `${fullName(draft.review.customer)} becomes tier 2 with ${number(draft.review)}.`
              : `${fullName(draft.review.customer)} stays at tier ${draft.review.customer.tier}.`}
          </p>
        )}
        <ReasonField
          hint="Kept in the audit log. The customer does not see it."
          maxLength={300}
          error={decision.form.formState.errors.reason?.message}
          {...decision.form.register("reason")}
        />
      </ConfirmDialog>
    </>
  );
}
