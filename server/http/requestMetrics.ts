import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../deps";
import type { AppMetrics } from "../metrics/appMetrics";

/**
 * The route a request matched, as registered (`/api/core/customer/transactions/:id`), never its raw
 * path, so ids do not make a series each. Middleware is registered for every method ("ALL"); a
 * route's handler names its own. `templates` spells a route as the contract does (trailing slash).
 */
function routeOf(c: Context<AppEnv>, status: number, templates: ReadonlyMap<string, string>) {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i];
    if (route && route.method !== "ALL") return templates.get(route.path) ?? route.path;
  }
  // Nothing declared the path: the built app's files and pages, or an unknown path.
  return status < 400 ? "spa" : "unmatched";
}

/** Counts and times an answer: an increment and a histogram observation, nothing more. */
export function requestCounter(metrics: Pick<AppMetrics, "request">, templates: ReadonlyMap<string, string>) {
  return (c: Context<AppEnv>, status: number, seconds: number): void =>
    metrics.request(c.req.method, routeOf(c, status, templates), status, seconds);
}
