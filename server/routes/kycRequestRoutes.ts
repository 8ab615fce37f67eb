import { identityTypeName } from "../../schemas/kyc";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { requestDetailChange } from "../services/kyc/changeRequests";
import { contestIdentity } from "../services/kyc/identityContests";

/** What a customer asks staff to look at: a correction to their details, a contest over an ID. */
export function kycRequestRoutes(deps: AppDeps) {
  return [
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
