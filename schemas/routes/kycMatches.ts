import { idParam, page } from "../common";
import { matchReviewView } from "../kycMatchReview";
import { reviewDecisionBody, reviewQuery } from "../kycReview";
import { contracts } from "./contract";

const tag = "Staff: identity reviews";

/** The identity matches staff confirm (schemas/kycMatchReview.ts); loaded with the first call. */
export const kycMatchContracts = contracts({
  "GET /core/staff/kyc/matches": {
    tag,
    summary:
      "Checks the registry matched that no code could confirm (no phone on the record, or no SMS), by status",
    query: reviewQuery,
    result: page(matchReviewView),
  },
  "POST /core/staff/kyc/matches/:id/approve": {
    tag,
    summary: "Confirm the number is the customer's own: tier 2 (audited as kyc.match.approve)",
    params: idParam,
    body: reviewDecisionBody,
    result: matchReviewView,
  },
  "POST /core/staff/kyc/matches/:id/reject": {
    tag,
    summary: "Refuse it: the account stays as it is (audited as kyc.match.reject)",
    params: idParam,
    body: reviewDecisionBody,
    result: matchReviewView,
  },
});
