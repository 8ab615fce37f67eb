import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { decideMatchReview, listMatchReviews } from "../services/kyc/matchReviews";

/** Staff confirm or refuse the identity matches no code could confirm. */
export function kycMatchRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /core/staff/kyc/matches", async ({ query }) => {
      return { msg: "Identity matches retrieved.", data: await listMatchReviews(deps.db, query) };
    }),
    implement("POST /core/staff/kyc/matches/:id/approve", async ({ params, body, c }) => {
      const data = await decideMatchReview(deps, actor(c), params.id, "approve", body.reason);
      return { msg: "The identity was confirmed; the customer is now tier 2.", data };
    }),
    implement("POST /core/staff/kyc/matches/:id/reject", async ({ params, body, c }) => {
      const data = await decideMatchReview(deps, actor(c), params.id, "reject", body.reason);
      return { msg: "The match was rejected; the customer's tier stays as it is.", data };
    }),
  ];
}
