import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { readKycLimits } from "../services/kyc/tierLimits";
import { overrideTier, setKycLimits } from "../services/kyc/tierSettings";
import { inviteStaff } from "../services/people/staffInvitations";
import { listUsers, userDetail as loadUserDetail, patchUser } from "../services/people/userAdmin";

export function userAdminRoutes(deps: AppDeps) {
  return [
    implement("GET /sys.admin/users", async ({ query }) => {
      return { msg: "Users retrieved.", data: await listUsers(deps.db, query) };
    }),
    implement("GET /sys.admin/users/:id", async ({ params }) => {
      return { msg: "User retrieved.", data: await loadUserDetail(deps, params.id) };
    }),
    implement("POST /sys.admin/staff", async ({ body, c }) => {
      const actor = sessionOf(c).user;
      const data = await inviteStaff(deps, actor, body, clientAddress(c, deps.config.trustProxy));
      return { msg: `Invitation sent to ${data.email}.`, data };
    }),
    implement("POST /sys.admin/users/:id/kyc", async ({ params, body, c }) => {
      await overrideTier(deps, actorOf(c, deps.config.trustProxy), params.id, body);
      const data = await loadUserDetail(deps, params.id);
      return { msg: `The account is now tier ${body.tier}.`, data };
    }),
    implement("GET /sys.admin/kyc-limits", async () => {
      return { msg: "KYC limits retrieved.", data: await readKycLimits(deps.db) };
    }),
    implement("PUT /sys.admin/kyc-limits", async ({ body, c }) => {
      const data = await setKycLimits(deps, actorOf(c, deps.config.trustProxy), body);
      return { msg: "KYC limits saved.", data };
    }),
    implement("PATCH /sys.admin/users/:id", async ({ params, body, c }) => {
      const actor = sessionOf(c).user;
      const data = await patchUser(deps, actor, params.id, body, clientAddress(c, deps.config.trustProxy));
      return { msg: "User updated.", data };
    }),
  ];
}
