import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { bodySizeLimit } from "./bodySizeLimit";
import { inRequestScope, requestIdFor } from "./requestId";
import { requestLogger } from "./requestLog";
import { requestCounter } from "./requestMetrics";

/**
 * What every request but the health checks passes first, as one middleware: its id (a proxy's, or a
 * new one) and the scope its log lines are written in, the body's size limit, then its log line and,
 * with metrics on, its count and time. One layer, not four: each of Hono's layers is an async call
 * and a promise per request, which the cheapest reads felt (docs/benchmarks.md).
 */
export function frontDoor(
  deps: Pick<AppDeps, "logger" | "metrics">,
  options: {
    /** Route templates as the contract spells them, for the metrics' labels. */
    templates: ReadonlyMap<string, string>;
    maxBodyBytes: number;
    onTooLarge: (c: Context) => Response | Promise<Response>;
  },
): MiddlewareHandler<AppEnv> {
  const limit = bodySizeLimit(options.maxBodyBytes, options.onTooLarge);
  const log = requestLogger(deps.logger);
  const count = deps.metrics ? requestCounter(deps.metrics, options.templates) : null;
  return (c, next) => {
    const id = requestIdFor(c.req.header("x-request-id"));
    c.set("requestId", id);
    return inRequestScope(id, async () => {
      const started = performance.now();
      // A refusal of the limit is answered here; anything else is on the context once next() is done.
      const answered = await limit(c, next);
      const refused = answered instanceof Response ? answered : undefined;
      const status = (refused ?? c.res).status;
      const ms = performance.now() - started;
      log(c, status, ms);
      count?.(c, status, ms / 1000);
      return refused;
    });
  };
}
