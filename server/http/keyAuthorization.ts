import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { messages, Refusal } from "../refusal";
import {
  callerOfKey,
  countKeyCall,
  invalidKey,
  isKeyCaller,
  type KeyCaller,
  KeyCallRefused,
  type KeyRefusal,
  keyRateLimited,
} from "../services/resellers/apiCallers";
import { clientAddress } from "./clientAddress";

export interface KeyEnv {
  Variables: AppEnv["Variables"] & { keyCaller: KeyCaller };
}

/** A call with no key in its Authorization header, or under another scheme than the API's. */
export type KeyAuthRefusal = KeyRefusal | { reason: "no_key" };

type Deps = Pick<AppDeps, "db" | "clock" | "config">;
/** Whether the gate counts the call (a purchase's hold counts it instead), and what this instance read lately. */
export type KeyCallOptions = Parameters<typeof callerOfKey>[3];

/**
 * The API key in `Authorization: <scheme> <key>` (Token for the market's dialect, Bearer for ours),
 * checked with its rate limit in one statement (services/resellers/apiCallers.ts).
 */
export async function keyCallerOf(
  deps: Deps,
  c: Context<AppEnv> | Context<KeyEnv>,
  scheme: "Token" | "Bearer",
  options: KeyCallOptions,
): Promise<KeyCaller | KeyAuthRefusal> {
  const sent = new RegExp(`^${scheme}\\s+(\\S+)\\s*$`, "i").exec(c.req.header("authorization") ?? "")?.[1];
  if (!sent) return { reason: "no_key" };
  const address = clientAddress(c, deps.config.trustProxy);
  (c as Context<AppEnv>).set("ip", address);
  return callerOfKey(deps, sent, address, options);
}

/** For an API that words its own refusals (the market's dialect): a refused call is answered by `refuse`. */
export function keyAuthorization(
  deps: Deps,
  scheme: "Token" | "Bearer",
  refuse: (c: Context<KeyEnv>, refusal: KeyAuthRefusal) => Response | Promise<Response>,
  options: (c: Context<KeyEnv>) => KeyCallOptions,
): MiddlewareHandler<KeyEnv> {
  return async (c, next) => {
    const found = await keyCallerOf(deps, c, scheme, options(c));
    if (!isKeyCaller(found)) return refuse(c, found);
    c.set("keyCaller", found);
    await next();
    await countedAtLast(deps, found);
  };
}

/**
 * A purchase's call is counted by its hold, or after it by the purchase (services/resellers/
 * keyPurchases.ts); one refused before either (a body of the wrong shape) is counted here, as it ends,
 * so no call made with a key goes uncounted. Its answer is already given.
 */
export async function countedAtLast(deps: Pick<AppDeps, "db" | "clock">, caller: KeyCaller): Promise<void> {
  if (caller.counted) return;
  caller.counted = true;
  await countKeyCall(deps.db, caller.key.id, deps.clock.now());
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
