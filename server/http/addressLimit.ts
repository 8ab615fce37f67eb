import type { Context, MiddlewareHandler, Next } from "hono";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { waitWords } from "../../schemas/waits";
import { addressLimits } from "../db/schema";
import type { AppDeps, AppEnv } from "../deps";
import { Refusal } from "../refusal";
import { clientAddress } from "./clientAddress";
import { answerRefusal } from "./refusalAnswer";

/** The endpoints where secrets are tried or mail is sent on a stranger's say-so (paths under /api). */
export const addressLimitedPaths = [
  "/auth/login",
  "/auth/register",
  "/auth/code/verify",
  "/auth/password-reset",
  "/auth/password-reset/confirm",
  "/auth/password/change",
  "/auth/totp/confirm",
  "/auth/totp/verify",
  "/customer/pin-reset/request",
  "/customer/pin-reset/confirm",
  "/core/customer/kyc/verify",
];

export const addressLimitMessage = (seconds: number) =>
  `Too many requests from your network. Please wait ${waitWords(seconds * 1000)} and try again.`;

/**
 * At most `addressLimitPerMinute` requests a minute from one address to those endpoints, counted by
 * rate-limiter-flexible in the database so every instance shares the count. Mobile networks put many
 * customers behind one address, so the limit is generous: it stops floods and scripted guessing, while
 * the per-account counts (`tryCounters`) stop patient guessing. Over the limit: 429 with Retry-After.
 */
export function addressLimit(
  deps: Pick<AppDeps, "db" | "config">,
  basePath: string,
): MiddlewareHandler<AppEnv> {
  const points = deps.config.addressLimitPerMinute;
  const limiter = new RateLimiterDrizzle({
    storeClient: deps.db,
    schema: addressLimits,
    keyPrefix: "auth",
    points,
    duration: 60,
    // Once an address is over, refuse it from memory for the rest of its minute: a flood costs no writes.
    inMemoryBlockOnConsumed: points,
    inMemoryBlockDuration: 60,
  });
  const limited = new Set(addressLimitedPaths.map((path) => `${basePath}${path}`));
  // Not async: every other request passes at the cost of a comparison, with no promise of its own.
  return (c, next) => {
    if (c.req.method !== "POST" || !limited.has(c.req.path.replace(/\/+$/, ""))) return next();
    return consumeOrRefuse(c, next);
  };

  async function consumeOrRefuse(c: Context<AppEnv>, next: Next) {
    const address = clientAddress(c, deps.config.trustProxy) ?? "unknown";
    try {
      await limiter.consume(address);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      return answerRefusal(c, new Refusal("rate_limited", addressLimitMessage(seconds)), {
        "retry-after": String(seconds),
      });
    }
    return next();
  }
}
