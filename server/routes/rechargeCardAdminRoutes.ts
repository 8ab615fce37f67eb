import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { listRechargeCards, patchRechargeCard } from "../services/catalogue/rechargeCardProducts";

/** Recharge cards in the console: staff read them; admins price them and switch them on or off, audited. */
export function rechargeCardAdminRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /core/staff/fetch/recharge-pins", async () => {
      return { msg: "Recharge cards retrieved.", data: await listRechargeCards(deps) };
    }),
    implement("PATCH /sys.admin/recharge-pins/:id", async ({ params, body, c }) => {
      return { msg: "Recharge card saved.", data: await patchRechargeCard(deps, actor(c), params.id, body) };
    }),
  ];
}
