import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { customerPurchases } from "./customerPurchases";

/** Recharge cards: cards bought to print, their history. */
export function rechargePinRoutes(deps: AppDeps) {
  const { buy, history } = customerPurchases(deps);
  return [
    implement("POST /core/customer/recharge-pins", ({ body, c }) => buy(c, "recharge_pin", body)),
    implement("GET /core/customer/recharge-pins", history("recharge_pin")),
  ];
}
