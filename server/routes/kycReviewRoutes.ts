import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { decideChangeRequest, listChangeRequests } from "../services/kyc/changeRequests";
import { decideContest, listContests } from "../services/kyc/identityContests";

export function kycReviewRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /core/staff/kyc/changes", async ({ query }) => {
      return { msg: "Corrections retrieved.", data: await listChangeRequests(deps.db, query) };
    }),
    implement("POST /core/staff/kyc/changes/:id/approve", async ({ params, body, c }) => {
      const data = await decideChangeRequest(deps, actor(c), params.id, "approve", body.reason);
      return { msg: "The correction was applied to the customer's profile.", data };
    }),
    implement("POST /core/staff/kyc/changes/:id/reject", async ({ params, body, c }) => {
      const data = await decideChangeRequest(deps, actor(c), params.id, "reject", body.reason);
      return { msg: "The correction was rejected; the profile stays as it is.", data };
    }),
    implement("GET /core/staff/kyc/contests", async ({ query }) => {
      return { msg: "Contests retrieved.", data: await listContests(deps.db, query) };
    }),
    implement("POST /core/staff/kyc/contests/:id/approve", async ({ params, body, c }) => {
      const data = await decideContest(deps, actor(c), params.id, "approve", body.reason);
      return { msg: "The number was moved to the contesting customer.", data };
    }),
    implement("POST /core/staff/kyc/contests/:id/reject", async ({ params, body, c }) => {
      const data = await decideContest(deps, actor(c), params.id, "reject", body.reason);
      return { msg: "The contest was rejected; the number stays where it is.", data };
    }),
  ];
}
