import { AsyncLocalStorage } from "node:async_hooks";

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
 * Runs `work` as the request `id`: every line logged meanwhile, by whichever service, carries the id
 * (the logger's mixin reads it) without a logger of its own per request.
 */
export const inRequestScope = <T>(id: string, work: () => T): T => scope.run(id, work);
