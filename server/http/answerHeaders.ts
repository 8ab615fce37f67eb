import type { Context } from "hono";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../deps";

/** What a page or an API answer may load and do: only our own origin, never framed. */
const documentPolicy = {
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/** The headers Hono's secureHeaders sets with that policy, read once, as the plain object every answer copies. */
async function securityHeaders(): Promise<Readonly<Record<string, string>>> {
  const probe = new Hono();
  probe.use(secureHeaders(documentPolicy));
  probe.get("/", (c) => c.body(null, 204));
  const res = await probe.request("/");
  return Object.freeze(Object.fromEntries(res.headers));
}

export const documentHeaders = await securityHeaders();

/**
 * The headers of a page's or an API answer: the security headers, the request's id and the answer's
 * own, as one plain object. @hono/node-server writes a plain object straight to the socket; a header
 * set through `c.header` or on `c.res.headers` (as Hono's secureHeaders, requestId and compress do,
 * after the handler) makes it build a web Headers first, which cost more than the rest of a small
 * request (docs/benchmarks.md).
 */
export function answerHeaders(c: Context<AppEnv>, own: Record<string, string>): Record<string, string> {
  const id = c.get("requestId");
  return id ? { ...documentHeaders, "x-request-id": id, ...own } : { ...documentHeaders, ...own };
}

/** A file of the build (a script, a stylesheet, an icon) takes only nosniff, not ~0.9 kB of document headers. */
export function fileHeaders(c: Context<AppEnv>, own: Record<string, string>): Record<string, string> {
  const id = c.get("requestId");
  const base = { "x-content-type-options": "nosniff" };
  return id ? { ...base, "x-request-id": id, ...own } : { ...base, ...own };
}
