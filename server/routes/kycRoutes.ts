import { identityTypeName } from "../../schemas/kyc";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { requestDetailChange } from "../services/kyc/changeRequests";
import { verifyIdentity } from "../services/kyc/identityChecks";
import { contestIdentity } from "../services/kyc/identityContests";
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
    implement("POST /core/customer/kyc/changes", async ({ body, c }) => {
      const data = await requestDetailChange(deps, sessionOf(c).user, body);
      return {
        msg: "Your correction was sent. Staff will review it; your details stay as they are until then.",
        data,
      };
    }),
    implement("POST /core/customer/kyc/contest", async ({ body, c }) => {
      const data = await contestIdentity(deps, sessionOf(c).user, body);
      const kind = identityTypeName[body.id_type];
      return { msg: `Your contest was sent. Staff will look into who this ${kind} belongs to.`, data };
    }),
  ];
}
