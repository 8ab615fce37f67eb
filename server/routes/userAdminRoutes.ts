import { staffInviteBody, staffInviteResult } from "../../schemas/admin";
import { idParam, page } from "../../schemas/common";
import { kycLimits, kycOverrideBody } from "../../schemas/kyc";
import { adminUserPatch, userDetail, userListQuery, userSummary } from "../../schemas/users";
import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { clientAddress } from "../http/clientAddress";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { readKycLimits } from "../services/kyc/tierLimits";
import { overrideTier, setKycLimits } from "../services/kyc/tierSettings";
import { inviteStaff } from "../services/staffInvitations";
import { listUsers, userDetail as loadUserDetail, patchUser } from "../services/userAdmin";

export function userAdminRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "get",
      path: "/sys.admin/users",
      tag: "Admin",
      summary: "Every user, newest first, paged; `search` matches name, email, phone or wallet number",
      query: userListQuery,
      result: page(userSummary),
      async handle({ query }) {
        return { msg: "Users retrieved.", data: await listUsers(deps.db, query) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/users/:id",
      tag: "Admin",
      summary: "One user with their wallet",
      params: idParam,
      result: userDetail,
      async handle({ params }) {
        return { msg: "User retrieved.", data: await loadUserDetail(deps, params.id) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/sys.admin/staff",
      tag: "Admin",
      summary: "Invite a staff member or admin: the account is made and a set-password link is emailed",
      body: staffInviteBody,
      result: staffInviteResult,
      successStatus: 201,
      async handle({ body, c }) {
        const actor = sessionOf(c).user;
        const data = await inviteStaff(deps, actor, body, clientAddress(c, deps.config.trustProxy));
        return { msg: `Invitation sent to ${data.email}.`, data };
      },
    }),
    defineRoute({
      method: "post",
      path: "/sys.admin/users/:id/kyc",
      tag: "Admin",
      summary: "Set a customer's KYC tier by hand, with a reason (audited as kyc.override)",
      params: idParam,
      body: kycOverrideBody,
      result: userDetail,
      async handle({ params, body, c }) {
        await overrideTier(deps, actorOf(c, deps.config.trustProxy), params.id, body);
        const data = await loadUserDetail(deps, params.id);
        return { msg: `The account is now tier ${body.tier}.`, data };
      },
    }),
    defineRoute({
      method: "get",
      path: "/sys.admin/kyc-limits",
      tag: "Admin",
      summary: "Each KYC tier's daily purchase limit and maximum wallet balance, in kobo",
      result: kycLimits,
      async handle() {
        return { msg: "KYC limits retrieved.", data: await readKycLimits(deps.db) };
      },
    }),
    defineRoute({
      method: "put",
      path: "/sys.admin/kyc-limits",
      tag: "Admin",
      summary: "Set each KYC tier's limits (each tier at least the one below); audited",
      body: kycLimits,
      result: kycLimits,
      async handle({ body, c }) {
        const data = await setKycLimits(deps, actorOf(c, deps.config.trustProxy), body);
        return { msg: "KYC limits saved.", data };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/sys.admin/users/:id",
      tag: "Admin",
      summary: "Change a user; deactivating or changing the role ends their sessions",
      params: idParam,
      body: adminUserPatch,
      result: userDetail,
      async handle({ params, body, c }) {
        const actor = sessionOf(c).user;
        const data = await patchUser(deps, actor, params.id, body, clientAddress(c, deps.config.trustProxy));
        return { msg: "User updated.", data };
      },
    }),
  ];
}
