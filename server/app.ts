import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { type RouteArea, routeAreas } from "../schemas/routes/routeTable";
import type { AppDeps, AppEnv } from "./deps";
import { addressLimit } from "./http/addressLimit";
import { apiDoor } from "./http/apiDoor";
import { bodySizeLimit } from "./http/bodySizeLimit";
import { connectionClosed } from "./http/connectionClosed";
import { frontDoor } from "./http/frontDoor";
import { mountHealthChecks } from "./http/healthChecks";
import { jsonAnswer } from "./http/jsonAnswer";
import { jsonLimits, tooLargeForApi } from "./http/jsonLimits";
import { metricsEndpoint } from "./http/metricsEndpoint";
import { mountRoutes } from "./http/mountRoutes";
import { openApiDocument } from "./http/openapi";
import { answerRefusal, refusalForStatus } from "./http/refusalAnswer";
import { pathMatcher, type Route } from "./http/route";
import { sessionGate } from "./http/sessionGate";
import { loadSpa } from "./http/spa";
import { simulatorPaths } from "./integrations";
import { messages, notFound, Refusal } from "./refusal";
import { areaRoutes } from "./routes/areaRoutes";
import { msorgDialectRoutes } from "./routes/msorgDialectRoutes";
import { recentReads } from "./services/recentReads";

export const apiBase = "/api";

/** Every route of the API, area by area in the contract's order (schemas/routes/routeTable.ts). */
export function apiRoutes(deps: AppDeps, recent = recentReads(0, () => deps.clock.now().getTime())): Route[] {
  return (Object.keys(routeAreas) as RouteArea[]).flatMap((area): Route[] => areaRoutes[area](deps, recent));
}

/**
 * The whole HTTP surface: the health checks, the API under /api and, when it has been built, the SPA.
 * `stopping` says whether the process is shutting down (the readiness check then answers 503).
 */
export function createApp(deps: AppDeps, options: { serveSpa?: boolean; stopping?: () => boolean } = {}) {
  const app = new Hono<AppEnv>({ strict: false });
  const recent = recentReads(deps.config.readCacheMs, () => deps.clock.now().getTime());
  const routes = apiRoutes(deps, recent);
  const document = openApiDocument(routes, apiBase);

  // First, so a load balancer's probe every few seconds costs no log line or header.
  mountHealthChecks(app, deps.db, options.stopping ?? (() => false));
  // Counted by the template the contract writes, e.g. /api/core/customer/wallet/.
  const templates = new Map(routes.map((r) => [`${apiBase}${r.path}`, `${apiBase}${r.path}/`]));
  // Every path, the simulators' included, reads at most 1 MB of body.
  app.use(
    frontDoor(deps, {
      templates,
      maxBodyBytes: 1024 * 1024,
      onTooLarge: (c) => answerRefusal(c, new Refusal("too_large", messages.tooLarge)),
    }),
  );
  const spa =
    options.serveSpa === false ? null : loadSpa(deps.config.staticDir, { simulated: deps.config.simulators });
  // The build's files and pages were compressed once, at build and at start, and JSON answers compress
  // themselves (jsonAnswer.ts); each answer carries its security headers itself (answerHeaders.ts).

  const api = new Hono<AppEnv>({ strict: false });
  api.use(
    apiDoor(
      // The API's bodies are small JSON (jsonLimits.ts); only the simulators' paths take up to 1 MB.
      bodySizeLimit(jsonLimits.maxBytes, (c) => answerRefusal(c, tooLargeForApi())),
      addressLimit(deps, apiBase),
      sessionGate(deps, apiBase, pathMatcher(["/openapi.json", ...routes.map((r) => r.path)]), recent),
    ),
  );
  api.get("/openapi.json", (c) => jsonAnswer(c, document));
  mountRoutes(api, routes);
  app.route(apiBase, api);
  // Outside /api: the market's dialect for resellers' scripts, with their keys and no session.
  app.route("/reseller/api", msorgDialectRoutes(deps, recent));
  // Outside /api: Prometheus's, with its own token, no session.
  app.get("/metrics", metricsEndpoint(deps.metrics, deps.config.metricsToken));

  if (deps.simulators) {
    // Stand-ins for the providers, Paystack and Didit, reached by the adapters over HTTP like the real hosts.
    app.route(simulatorPaths.vtpass, deps.simulators.vtpass.app);
    app.route(simulatorPaths.msorg, deps.simulators.msorg.app);
    app.route(simulatorPaths.paystack, deps.simulators.paystack.app);
    app.route(simulatorPaths.didit, deps.simulators.didit.app);
    app.route(simulatorPaths.termii, deps.simulators.termii.app);
  }

  spa?.mount(app);

  app.notFound((c) => answerRefusal(c, notFound()));

  app.onError((error, c) => {
    if (error instanceof Refusal) return answerRefusal(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return answerRefusal(c, refusalForStatus(error.status, error.message));
    }
    if (connectionClosed(c)) {
      // 499, as nginx logs it: the client closed the request. The request log counts it apart from our faults.
      deps.logger.info(
        {
          req_id: c.get("requestId"),
          reason: error instanceof Error ? error.message.slice(0, 200) : "unknown",
        },
        "request abandoned: the connection closed before the answer",
      );
      return new Response(null, { status: 499 });
    }
    deps.logger.error({ req_id: c.get("requestId"), err: error }, "unexpected error");
    return answerRefusal(c, new Refusal("unexpected", messages.unexpected));
  });

  return app;
}
