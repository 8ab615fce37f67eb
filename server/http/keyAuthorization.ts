import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { callerOfKey, isKeyCaller, type KeyCaller, type KeyRefusal } from "../services/apiCallers";
import { clientAddress } from "./clientAddress";

export interface KeyEnv {
  Variables: AppEnv["Variables"] & { keyCaller: KeyCaller };
}

/** A call with no key in its Authorization header, or under another scheme than the API's. */
export type KeyAuthRefusal = KeyRefusal | { reason: "no_key" };

/**
 * The API key in `Authorization: <scheme> <key>` (Token for the market's dialect, Bearer for ours),
 * checked with its rate limit in one statement (services/apiCallers.ts); a refused call is answered in
 * the API's own words by `refuse`, and nothing else runs.
 */
export function keyAuthorization(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  scheme: "Token" | "Bearer",
  refuse: (c: Context<KeyEnv>, refusal: KeyAuthRefusal) => Response | Promise<Response>,
): MiddlewareHandler<KeyEnv> {
  const pattern = new RegExp(`^${scheme}\\s+(\\S+)\\s*$`, "i");
  return async (c, next) => {
    const sent = pattern.exec(c.req.header("authorization") ?? "")?.[1];
    if (!sent) return refuse(c, { reason: "no_key" });
    const address = clientAddress(c, deps.config.trustProxy);
    c.set("ip", address);
    const found = await callerOfKey(deps, sent, address);
    if (!isKeyCaller(found)) return refuse(c, found);
    c.set("keyCaller", found);
    await next();
  };
}
