import { staffInviteBody, staffInviteResult } from "../admin";
import { idParam, page } from "../common";
import { kycLimits, kycOverrideBody } from "../kyc";
import { adminUserPatch, userDetail, userListQuery, userSummary } from "../users";
import { contracts } from "./contract";

export const userAdminContracts = contracts({
  "GET /sys.admin/users": {
    tag: "Admin",
    summary: "Every user, newest first, paged; `search` matches name, email, phone or wallet number",
    query: userListQuery,
    result: page(userSummary),
  },
  "GET /sys.admin/users/:id": {
    tag: "Admin",
    summary: "One user with their wallet",
    params: idParam,
    result: userDetail,
  },
  "POST /sys.admin/staff": {
    tag: "Admin",
    summary: "Invite a staff member or admin: the account is made and a set-password link is emailed",
    body: staffInviteBody,
    result: staffInviteResult,
    successStatus: 201,
  },
  "POST /sys.admin/users/:id/kyc": {
    tag: "Admin",
    summary: "Set a customer's KYC tier by hand, with a reason (audited as kyc.override)",
    params: idParam,
    body: kycOverrideBody,
    result: userDetail,
  },
  "GET /sys.admin/kyc-limits": {
    tag: "Admin",
    summary: "Each KYC tier's daily purchase limit and maximum wallet balance, in kobo",
    result: kycLimits,
  },
  "PUT /sys.admin/kyc-limits": {
    tag: "Admin",
    summary: "Set each KYC tier's limits (each tier at least the one below); audited",
    body: kycLimits,
    result: kycLimits,
  },
  "PATCH /sys.admin/users/:id": {
    tag: "Admin",
    summary: "Change a user; deactivating or changing the role ends their sessions",
    params: idParam,
    body: adminUserPatch,
    result: userDetail,
  },
});
