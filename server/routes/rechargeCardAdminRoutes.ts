import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { Refusal } from "../refusal";

const notYet = () => {
  throw new Refusal("service_unavailable", "Recharge cards are not on sale yet.");
};

/** Recharge cards in the console: staff read them; admins price them and switch them on or off, audited. */
export function rechargeCardAdminRoutes(_deps: AppDeps) {
  return [
    implement("GET /core/staff/fetch/recharge-pins", notYet),
    implement("PATCH /sys.admin/recharge-pins/:id", notYet),
  ];
}
