import { identityTypeName, kycStatus, kycVerifyBody } from "../../schemas/kyc";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { kycStatusOf, verifyIdentity } from "../services/kyc/identityChecks";

export function kycRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "get",
      path: "/core/customer/kyc",
      tag: "KYC",
      summary:
        "The customer's KYC tier, its limits, today's purchases against them, and the checked identity",
      result: kycStatus,
      async handle({ c }) {
        const data = await kycStatusOf(deps.db, deps.clock, sessionOf(c).user, deps.identity);
        return { msg: "Verification status retrieved.", data };
      },
    }),
    defineRoute({
      method: "post",
      path: "/core/customer/kyc/verify",
      tag: "KYC",
      summary:
        "Check a BVN or NIN with the verification provider; a record whose names match the profile raises the account to tier 2",
      body: kycVerifyBody,
      result: kycStatus,
      async handle({ body, c }) {
        const data = await verifyIdentity(deps, sessionOf(c).user, body);
        const kind = identityTypeName[body.id_type];
        return { msg: `Your ${kind} matched your name. Your account is now tier ${data.tier}.`, data };
      },
    }),
  ];
}
