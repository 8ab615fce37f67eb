import type { Context } from "hono";
import type { AppEnv } from "../deps";

const hsts = "max-age=15552000; includeSubDomains";

/**
 * A page's security headers (OWASP's HTTP Headers Cheat Sheet): only our own origin, never framed,
 * no referrer, HTTPS only, no sniffing, a window of its own. Helmet's other defaults, which Hono's
 * secureHeaders copies, are left out: X-XSS-Protection, X-Download-Options, X-DNS-Prefetch-Control,
 * X-Permitted-Cross-Domain-Policies and Origin-Agent-Cluster guard browsers and plug-ins nobody runs
 * now or repeat a browser's default, and each header costs every answer about a microsecond on each
 * side (docs/benchmarks.md, "Headers").
 */
const documentHeaders: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  "cross-origin-opener-policy": "same-origin",
  "referrer-policy": "no-referrer",
  "strict-transport-security": hsts,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
});

/**
 * An API answer's: exactly the set OWASP's REST Security Cheat Sheet names for every API response
 * (with Content-Type, which each answer sets). JSON is never a page: a policy for scripts and styles
 * would guard nothing, and nothing we answer may be kept by a cache (balances, sessions, codes).
 */
const apiHeaders: Readonly<Record<string, string>> = Object.freeze({
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": hsts,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
});

/** A file of the build (a script, a stylesheet, an icon) takes only nosniff. */
const fileBase: Readonly<Record<string, string>> = Object.freeze({ "x-content-type-options": "nosniff" });

/**
 * An answer's headers as one plain object: the set for its kind, the request's id and its own.
 * @hono/node-server writes a plain object straight to the socket; a header set through `c.header` or
 * on `c.res.headers` (as Hono's secureHeaders, requestId and compress do, after the handler) makes
 * it build a web Headers first, which cost more than the rest of a small request (docs/benchmarks.md).
 */
function withId(
  c: Context<AppEnv>,
  base: Readonly<Record<string, string>>,
  own: Record<string, string>,
): Record<string, string> {
  const id = c.get("requestId");
  return id ? { ...base, "x-request-id": id, ...own } : { ...base, ...own };
}

/** A page's headers. */
export const pageHeaders = (c: Context<AppEnv>, own: Record<string, string>) =>
  withId(c, documentHeaders, own);

/** A JSON (or metrics) answer's headers. */
export const answerHeaders = (c: Context<AppEnv>, own: Record<string, string>) => withId(c, apiHeaders, own);

/** A file of the build's headers. */
export const fileHeaders = (c: Context<AppEnv>, own: Record<string, string>) => withId(c, fileBase, own);
