import { z } from "zod/mini";
import { page } from "../common";
import { disputeBody, disputeQuery, disputeResolveBody, staffDispute } from "../disputes";
import { customerDispute } from "../disputeView";
import { contracts } from "./contract";

const disputeId = z.strictObject({ id: z.uuid({ error: "Not found." }) });

export const disputeContracts = contracts({
  "POST /core/customer/transactions/:id/dispute": {
    tag: "Disputes",
    summary:
      "Report a problem with one of the customer's purchases: it is requeried at once; failed or reversed, its money comes back and the report closes, otherwise staff answer within 72 hours",
    params: disputeId,
    body: disputeBody,
    result: customerDispute,
  },
  "GET /core/customer/transactions/:id/dispute": {
    tag: "Disputes",
    summary: "The latest dispute of one of the customer's purchases, as its receipt shows it; null when none",
    params: disputeId,
    result: z.nullable(customerDispute),
  },
  "GET /core/staff/disputes": {
    tag: "Disputes",
    summary: "Disputes: the open ones oldest first (the queue), or the closed ones",
    query: disputeQuery,
    result: page(staffDispute),
  },
  "GET /core/staff/disputes/:id": {
    tag: "Disputes",
    summary: "One dispute with its purchase, customer, requery answer and deadline",
    params: disputeId,
    result: staffDispute,
  },
  "POST /core/staff/disputes/:id/resolve": {
    tag: "Disputes",
    summary: "Refund (once), send again at the business's cost, or reject (with a note) an open dispute",
    params: disputeId,
    body: disputeResolveBody,
    result: staffDispute,
  },
});
