import { kycChangeRequestBody, kycContestBody } from "../kycRequests";
import { kycStatus } from "../kycStatus";
import { contracts } from "./contract";

/** What a customer sends staff about their identity (schemas/kycRequests.ts); loaded when sent. */
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
});
