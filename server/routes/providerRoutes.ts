import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { changeProvider, providersOverview, saveRoute } from "../services/routing/providerConsole";

export function providerRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /sys.admin/providers", async () => {
      return { msg: "Providers retrieved.", data: await providersOverview(deps) };
    }),
    implement("PATCH /sys.admin/providers/:name", async ({ params, body, c }) => {
      return { msg: "Provider saved.", data: await changeProvider(deps, actor(c), params.name, body) };
    }),
    implement("PUT /sys.admin/provider-routes", async ({ body, c }) => {
      return { msg: "Route saved.", data: await saveRoute(deps, actor(c), body) };
    }),
  ];
}
