import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps";

/** A proxy's id is kept when it is a plain token (as Hono's requestId keeps one); anything else is replaced. */
const sane = /^[\w\-=]{1,255}$/;

/**
 * The request's id, for its log lines and its answer's X-Request-Id (answerHeaders.ts): the one a
 * proxy in front sent, or a new one. Set as a variable only: the answer's headers are written in one
 * plain object by whatever answers.
 */
export const requestId: MiddlewareHandler<AppEnv> = (c, next) => {
  const given = c.req.header("x-request-id");
  c.set("requestId", given && sane.test(given) ? given : crypto.randomUUID());
  return next();
};
