import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { openDispute } from "../services/disputes/disputeOpening";
import { disputeDetail, listDisputes } from "../services/disputes/disputeQueue";
import { resolveDispute } from "../services/disputes/disputeResolution";
import { customerDisputeOf } from "../services/disputes/disputeViews";

export function disputeRoutes(deps: AppDeps) {
  return [
    implement("POST /core/customer/transactions/:id/dispute", async ({ params, body, c }) => {
      const dispute = await openDispute(deps, actorOf(c, deps.config.trustProxy), params.id, body);
      return {
        msg:
          dispute.status === "open"
            ? "Thanks: staff will answer within 72 hours."
            : "The provider says it did not deliver: your money is back in your wallet.",
        data: dispute,
      };
    }),
    implement("GET /core/customer/transactions/:id/dispute", async ({ params, c }) => {
      return {
        msg: "Dispute retrieved.",
        data: await customerDisputeOf(deps.db, sessionOf(c).user.id, params.id),
      };
    }),
    implement("GET /core/staff/disputes", async ({ query }) => {
      return { msg: "Disputes retrieved.", data: await listDisputes(deps, query) };
    }),
    implement("GET /core/staff/disputes/:id", async ({ params }) => {
      return { msg: "Dispute retrieved.", data: await disputeDetail(deps, params.id) };
    }),
    implement("POST /core/staff/disputes/:id/resolve", async ({ params, body, c }) => {
      const { redeliveryFailed } = await resolveDispute(
        deps,
        actorOf(c, deps.config.trustProxy),
        params.id,
        body,
      );
      return {
        msg: redeliveryFailed
          ? "The provider declined the redelivery: the dispute is open again."
          : "The dispute was resolved.",
        data: await disputeDetail(deps, params.id),
      };
    }),
  ];
}
