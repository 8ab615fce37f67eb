import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { Refusal } from "../refusal";

const notYet = () => {
  throw new Refusal("service_unavailable", "Recharge cards are not on sale yet.");
};

/** Recharge cards: cards bought to print, their history. */
export function rechargePinRoutes(_deps: AppDeps) {
  return [
    implement("POST /core/customer/recharge-pins", notYet),
    implement("GET /core/customer/recharge-pins", notYet),
  ];
}
