import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { listLevels, updateLevel } from "../services/priceLevels";

/** Admins' price levels: read them, change one. */
export function levelRoutes(deps: AppDeps) {
  return [
    implement("GET /sys.admin/levels", async () => ({
      msg: "Price levels retrieved.",
      data: await listLevels(deps.db),
    })),
    implement("PATCH /sys.admin/levels/:slug", async ({ params, body, c }) => ({
      msg: "Price level saved.",
      data: await updateLevel(deps, actorOf(c, deps.config.trustProxy), params.slug, body),
    })),
  ];
}
