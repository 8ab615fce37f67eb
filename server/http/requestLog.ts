import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "../deps";

/**
 * One line per request: method, path without the query, status, time and who. Never bodies or
 * headers, which is where passwords, PINs, codes and tokens travel.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        req_id: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        user: c.get("session")?.user.id,
      },
      "request",
    );
  };
}
