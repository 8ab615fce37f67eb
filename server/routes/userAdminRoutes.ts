import { staffInviteBody, staffInviteResult } from "../../schemas/admin";
import { idParam, page } from "../../schemas/common";
import { adminUserPatch, userDetail, userListQuery, userSummary } from "../../schemas/users";
import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
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
        return { msg: "User retrieved.", data: await loadUserDetail(deps.db, params.id) };
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
