import { kycStatus, kycVerifyBody } from "../kycStatus";
import { contracts } from "./contract";

export const kycContracts = contracts({
  "GET /core/customer/kyc": {
    tag: "KYC",
    summary: "The customer's KYC tier, its limits, today's purchases against them, and the checked identity",
    result: kycStatus,
  },
  "POST /core/customer/kyc/verify": {
    tag: "KYC",
    summary:
      "Check a BVN or NIN with the verification provider; a record whose names and date of birth match the profile waits for proof the number is the customer's own (a code by SMS to the record's phone, or staff), which raises the account to tier 2. Once the registry answers, the names and date of birth are fixed",
    body: kycVerifyBody,
    result: kycStatus,
  },
});
