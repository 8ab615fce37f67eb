import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/**
 * At most `maxSize` bytes of body, on every path. A request that states its length (every browser's
 * and app's POST) is judged by that header alone, before anything reads the body; Hono's bodyLimit
 * looks at the body first, which on Node makes a web Request and stream for every request, where
 * node-server otherwise hands the JSON straight from the socket. A body of no stated length (chunked)
 * is counted as it is read, by Hono's bodyLimit. A GET's or HEAD's body is never read. Not async:
 * a request within the limit costs a header read and no promise of its own.
 */
export function bodySizeLimit(
  maxSize: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError });
  return (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number.parseInt(length, 10) > maxSize) return Promise.resolve(onError(c));
      return next();
    }
    return counting(c, next);
  };
}
