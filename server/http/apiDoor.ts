import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps";

/**
 * The API's checks, in order (its body limit, the address limit, the session gate), as one
 * middleware: each passes to the next by a plain call, without a layer of Hono's dispatch each. A
 * check that refuses answers, and that answer is the request's.
 */
export function apiDoor(...checks: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return checks.reduceRight<MiddlewareHandler<AppEnv>>(
    (inner, check) => (c, next) => check(c, () => inner(c, next) as Promise<void>),
    (_c, next) => next(),
  );
}
