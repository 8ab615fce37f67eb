import { identityTypeName } from "../../schemas/kyc";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { verifyIdentity } from "../services/kyc/identityChecks";
import { kycStatusOf } from "../services/kyc/kycStatus";

export function kycRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/kyc", async ({ c }) => {
      const data = await kycStatusOf(deps.db, deps.clock, sessionOf(c).user, deps.identity);
      return { msg: "Verification status retrieved.", data };
    }),
    implement("POST /core/customer/kyc/verify", async ({ body, c }) => {
      const data = await verifyIdentity(deps, sessionOf(c).user, body);
      const kind = identityTypeName[body.id_type];
      return { msg: `Your ${kind} matched your details. Your account is now tier ${data.tier}.`, data };
    }),
  ];
}
