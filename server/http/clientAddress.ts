import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The caller's IP for the audit log; X-Forwarded-For is believed only behind a proxy we were told of. */
export function clientAddress(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}
