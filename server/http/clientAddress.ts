import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address, for the audit log and the per-address limits. Behind `trustProxy` proxies of
 * ours, each appends the address it saw to X-Forwarded-For, so the one that counts is that many entries
 * from the right: anything further left was written by the caller and proves nothing.
 */
export function clientAddress(c: Context, trustProxy: number): string | null {
  if (trustProxy > 0) {
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const seen = hops[Math.max(0, hops.length - trustProxy)];
    if (seen) return seen.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}
