import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { messages, Refusal } from "../refusal";
import {
  callerOfKey,
  invalidKey,
  isKeyCaller,
  type KeyCaller,
  KeyCallRefused,
  type KeyRefusal,
} from "../services/resellers/apiCallers";
import { keyRateLimited } from "../services/resellers/keyRateLimit";
import { clientAddress } from "./clientAddress";

export interface KeyEnv {
  Variables: AppEnv["Variables"] & { keyCaller: KeyCaller };
}

/** A call with no key in its Authorization header, or under another scheme than the API's. */
export type KeyAuthRefusal = KeyRefusal | { reason: "no_key" };

type Deps = Pick<AppDeps, "db" | "clock" | "config">;
/** Whether the check counts the call (a purchase's hold counts it instead), and what this instance read lately. */
export type KeyCallOptions = Parameters<typeof callerOfKey>[3];

/**
 * The API key in `Authorization: <scheme> <key>` (Token for the market's dialect, Bearer for ours),
 * checked with its rate limit in one statement (services/resellers/apiCallers.ts). A refused call is
 * answered by `refuse`, in the API's own words. The call let in is counted once (its `KeyCall`): by
 * the check, by a purchase's hold, or else here as it ends, whatever its answer (a body of the wrong
 * shape, a fault), so no call made with a key goes uncounted.
 */
export function keyAuthorization<E extends AppEnv | KeyEnv>(
  deps: Deps,
  scheme: "Token" | "Bearer",
  refuse: (c: Context<E>, refusal: KeyAuthRefusal) => Response | Promise<Response>,
  options: (c: Context<E>) => KeyCallOptions,
) {
  const sentKey = new RegExp(`^${scheme}\\s+(\\S+)\\s*$`, "i");
  return async (c: Context<E>, next: () => ReturnType<MiddlewareHandler>) => {
    const sent = sentKey.exec(c.req.header("authorization") ?? "")?.[1];
    if (!sent) return refuse(c, { reason: "no_key" });
    const address = clientAddress(c, deps.config.trustProxy);
    const context = c as unknown as Context<AppEnv>;
    context.set("ip", address);
    const found = await callerOfKey(deps, sent, address, options(c));
    if (!isKeyCaller(found)) return refuse(c, found);
    context.set("keyCaller", found);
    try {
      return await next();
    } finally {
      await found.call.end();
    }
  };
}

/** A refused key call in our envelope's words (the v1 API); a rate limit's wait goes in `Retry-After`. */
export function keyRefusalOf(refusal: KeyAuthRefusal): Refusal {
  switch (refusal.reason) {
    case "no_key":
      return new Refusal("no_credentials", messages.noCredentials);
    case "unknown_key":
      return invalidKey();
    case "address":
      return new Refusal(
        "forbidden",
        `This API key may not be used from ${refusal.address ?? "this address"}.`,
      );
    case "no_api_access":
    case "tier":
    case "restricted":
      return new KeyCallRefused(refusal);
    case "rate_limited":
      return keyRateLimited(refusal.retryAfterSeconds);
  }
}
