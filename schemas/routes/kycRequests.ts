import { identityCodeBody, kycChangeRequestBody, kycContestBody } from "../kycRequests";
import { kycStatus } from "../kycStatus";
import { contracts } from "./contract";

/** What a customer sends about their identity after a check (schemas/kycRequests.ts); loaded when sent. */
export const kycRequestContracts = contracts({
  "POST /core/customer/kyc/changes": {
    tag: "KYC",
    summary:
      "Ask staff to correct the names or date of birth a check fixed; nothing changes until they approve it",
    body: kycChangeRequestBody,
    result: kycStatus,
    successStatus: 201,
  },
  "POST /core/customer/kyc/contest": {
    tag: "KYC",
    summary:
      "Tell staff a number the registry says is yours is linked to another account; they compare both and decide",
    body: kycContestBody,
    result: kycStatus,
    successStatus: 201,
  },
  "POST /core/customer/kyc/confirm-code": {
    tag: "KYC",
    summary:
      "The code sent by SMS to the phone the registry holds for a matched BVN or NIN: raises the account to tier 2. Five wrong codes end it",
    body: identityCodeBody,
    result: kycStatus,
  },
  "POST /core/customer/kyc/resend-code": {
    tag: "KYC",
    summary: "A new code to the same phone: once a minute, five a day",
    result: kycStatus,
  },
});
