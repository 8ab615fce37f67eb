import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { levelsInConsole } from "../services/levels/levelCaps";
import {
  listLevelPlanPrices,
  removeLevelPlanPrice,
  setLevelPlanPrice,
} from "../services/levels/levelPlanPrices";
import { updateLevel } from "../services/levels/priceLevels";

/** Admins' price levels: read them (with where cost caps their discounts), change one. */
export function levelRoutes(deps: AppDeps) {
  const configured = (provider: string) => deps.providers.has(provider);
  return [
    implement("GET /sys.admin/levels", async () => ({
      msg: "Price levels retrieved.",
      data: await levelsInConsole(deps.db, configured),
    })),
    implement("PATCH /sys.admin/levels/:slug", async ({ params, body, c }) => ({
      msg: "Price level saved.",
      data: await updateLevel(deps, actorOf(c, deps.config.trustProxy), params.slug, body),
    })),
    implement("GET /sys.admin/levels/:slug/plan-prices", async ({ params }) => ({
      msg: "Fixed plan prices retrieved.",
      data: await listLevelPlanPrices(deps, params.slug),
    })),
    implement("PUT /sys.admin/levels/:slug/plan-prices/:plan_id", async ({ params, body, c }) => ({
      msg: "Plan price saved.",
      data: await setLevelPlanPrice(
        deps,
        actorOf(c, deps.config.trustProxy),
        params.slug,
        params.plan_id,
        body.price,
      ),
    })),
    implement("DELETE /sys.admin/levels/:slug/plan-prices/:plan_id", async ({ params, c }) => ({
      msg: "Plan price removed: the level's discount applies again.",
      data: await removeLevelPlanPrice(deps, actorOf(c, deps.config.trustProxy), params.slug, params.plan_id),
    })),
  ];
}
