import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps";

/** A proxy's id is kept when it is a plain token (as Hono's requestId keeps one); anything else is replaced. */
const sane = /^[\w\-=]{1,255}$/;

/**
 * The id of a request: the one a proxy in front sent when it is sane, so its log and ours name the
 * request alike, or a new one. Anything else (spaces, quotes, line breaks a log reader could be
 * fooled by, more than 255 characters) is replaced.
 */
export const requestIdFor = (given: string | null | undefined): string =>
  given && sane.test(given) ? given : crypto.randomUUID();

const scope = new AsyncLocalStorage<string>();

/** The id of the request whose work is running now; undefined outside a request (the background work). */
export const currentRequestId = (): string | undefined => scope.getStore();

/**
 * The request's id, for its log lines and its answer's X-Request-Id (answerHeaders.ts). Set as a
 * variable only: the answer's headers are written in one plain object by whatever answers. The rest
 * of the request runs in its scope, so every line logged meanwhile, by whichever service, carries it
 * (the logger's mixin reads it) without a logger of its own per request.
 */
export const requestId: MiddlewareHandler<AppEnv> = (c, next) => {
  const id = requestIdFor(c.req.header("x-request-id"));
  c.set("requestId", id);
  return scope.run(id, next);
};
