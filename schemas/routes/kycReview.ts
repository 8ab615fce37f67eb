import { idParam, page } from "../common";
import { changeRequestView, contestView, reviewDecisionBody, reviewQuery } from "../kycReview";
import { contracts } from "./contract";

const tag = "Staff: identity reviews";

export const kycReviewContracts = contracts({
  "GET /core/staff/kyc/changes": {
    tag,
    summary: "Customers' corrections of names and dates of birth fixed by an identity check, by status",
    query: reviewQuery,
    result: page(changeRequestView),
  },
  "POST /core/staff/kyc/changes/:id/approve": {
    tag,
    summary: "Apply a pending correction to the customer's profile (audited as kyc.change.approve)",
    params: idParam,
    body: reviewDecisionBody,
    result: changeRequestView,
  },
  "POST /core/staff/kyc/changes/:id/reject": {
    tag,
    summary: "Refuse a pending correction; the profile stays as it is (audited as kyc.change.reject)",
    params: idParam,
    body: reviewDecisionBody,
    result: changeRequestView,
  },
  "GET /core/staff/kyc/contests": {
    tag,
    summary: "Contests of a BVN or NIN linked to another account, each with both accounts side by side",
    query: reviewQuery,
    result: page(contestView),
  },
  "POST /core/staff/kyc/contests/:id/approve": {
    tag,
    summary:
      "Move the number to the contesting account (tier 2) and drop the account holding it to tier 1 (audited as kyc.contest.approve)",
    params: idParam,
    body: reviewDecisionBody,
    result: contestView,
  },
  "POST /core/staff/kyc/contests/:id/reject": {
    tag,
    summary: "Refuse a contest; the number stays where it is (audited as kyc.contest.reject)",
    params: idParam,
    body: reviewDecisionBody,
    result: contestView,
  },
});
