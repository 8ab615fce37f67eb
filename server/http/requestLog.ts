import type { Context } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "../deps";

/**
 * One line per request: method, path without the query, status, time and who. Never bodies or
 * headers, which is where passwords, PINs, codes and tokens travel. Nothing is built when the level
 * leaves request lines out.
 */
export function requestLogger(logger: Logger) {
  return (c: Context<AppEnv>, status: number, ms: number): void => {
    if (!logger.isLevelEnabled("info")) return;
    logger.info(
      {
        req_id: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round(ms),
        user: c.get("session")?.user.id,
      },
      "request",
    );
  };
}
