import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { Refusal } from "../refusal";

const notYet = async (): Promise<never> => {
  throw new Refusal("service_unavailable", "Bulk purchases are not open yet.");
};

/** Bulk purchases: rows checked, a batch started, its progress read. */
export function bulkRoutes(_deps: AppDeps) {
  return [
    implement("POST /core/customer/bulk/preview", notYet),
    implement("POST /core/customer/bulk", notYet),
    implement("GET /core/customer/bulk", notYet),
    implement("GET /core/customer/bulk/:id", notYet),
  ];
}
