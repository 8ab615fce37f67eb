import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { messages, Refusal } from "../refusal";
import { callerOfKey, isKeyCaller, type KeyCaller, type KeyRefusal } from "../services/apiCallers";
import { clientAddress } from "./clientAddress";

export interface KeyEnv {
  Variables: AppEnv["Variables"] & { keyCaller: KeyCaller };
}

/** A call with no key in its Authorization header, or under another scheme than the API's. */
export type KeyAuthRefusal = KeyRefusal | { reason: "no_key" };

type Deps = Pick<AppDeps, "db" | "clock" | "config">;

/**
 * The API key in `Authorization: <scheme> <key>` (Token for the market's dialect, Bearer for ours),
 * checked with its rate limit in one statement (services/apiCallers.ts).
 */
export async function keyCallerOf(
  deps: Deps,
  c: Context<AppEnv> | Context<KeyEnv>,
  scheme: "Token" | "Bearer",
): Promise<KeyCaller | KeyAuthRefusal> {
  const sent = new RegExp(`^${scheme}\\s+(\\S+)\\s*$`, "i").exec(c.req.header("authorization") ?? "")?.[1];
  if (!sent) return { reason: "no_key" };
  const address = clientAddress(c, deps.config.trustProxy);
  (c as Context<AppEnv>).set("ip", address);
  return callerOfKey(deps, sent, address);
}

/** For an API that words its own refusals (the market's dialect): a refused call is answered by `refuse`. */
export function keyAuthorization(
  deps: Deps,
  scheme: "Token" | "Bearer",
  refuse: (c: Context<KeyEnv>, refusal: KeyAuthRefusal) => Response | Promise<Response>,
): MiddlewareHandler<KeyEnv> {
  return async (c, next) => {
    const found = await keyCallerOf(deps, c, scheme);
    if (!isKeyCaller(found)) return refuse(c, found);
    c.set("keyCaller", found);
    await next();
  };
}

/** A refused key call in our envelope's words (the v1 API), with Retry-After when rate limited. */
export function keyRefusalOf(refusal: KeyAuthRefusal): {
  refusal: Refusal;
  headers?: Record<string, string>;
} {
  switch (refusal.reason) {
    case "no_key":
      return { refusal: new Refusal("no_credentials", messages.noCredentials) };
    case "unknown_key":
      return {
        refusal: new Refusal("invalid_key", "This API key is not valid: it is unknown or was revoked."),
      };
    case "address":
      return {
        refusal: new Refusal(
          "forbidden",
          `This API key may not be used from ${refusal.address ?? "this address"}.`,
        ),
      };
    case "no_api_access":
      return { refusal: new Refusal("forbidden", "API access is for the Reseller and API levels.") };
    case "tier":
      return { refusal: new Refusal("forbidden", "API access needs KYC tier 2.") };
    case "restricted":
      return {
        refusal: new Refusal(
          "account_restricted",
          "Your account cannot make purchases or add money right now. Please contact support.",
        ),
      };
    case "rate_limited": {
      const seconds = refusal.retryAfterSeconds;
      return {
        refusal: new Refusal(
          "rate_limited",
          `This key made too many requests. Please wait ${seconds} second${seconds === 1 ? "" : "s"}.`,
        ),
        headers: { "retry-after": String(seconds) },
      };
    }
  }
}
