import { identityTypeName } from "../../schemas/kyc";
import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { requestDetailChange } from "../services/kyc/changeRequests";
import { confirmIdentityCode, resendIdentityCode } from "../services/kyc/codeConfirmation";
import { contestIdentity } from "../services/kyc/identityContests";

/** What a customer sends after a check: a correction to their details, a contest over an ID, the SMS code. */
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
    implement("POST /core/customer/kyc/confirm-code", async ({ body, c }) => {
      const data = await confirmIdentityCode(deps, actorOf(c, deps.config.trustProxy), body.code);
      return { msg: `Your identity is verified. Your account is now tier ${data.tier}.`, data };
    }),
    implement("POST /core/customer/kyc/resend-code", async ({ c }) => {
      const data = await resendIdentityCode(deps, sessionOf(c).user);
      deps.sms?.kick();
      return { msg: `A new code was sent to ${data.confirmation?.phone ?? "the same phone"}.`, data };
    }),
  ];
}
