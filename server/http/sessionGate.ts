import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv, AuthSession } from "../deps";
import { findLiveSession } from "../services/sessions";
import { accessFor, opensBeforeSecondFactor } from "./access";
import { ApiError, messages } from "./errors";

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i);
  return match?.[1];
}

/**
 * The one place that decides who may call what: it finds the caller's session from the bearer token
 * and checks the role the path's prefix asks for (see access.ts).
 */
export function sessionGate(
  deps: AppDeps,
  apiPrefix: string,
  isKnownPath: (path: string) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path.slice(apiPrefix.length).replace(/\/+$/, "") || "/";
    // A path that leads nowhere is "not found" for everyone; asking for a sign-in first would only confuse.
    if (!isKnownPath(path)) throw new ApiError(404, messages.notFound);
    const access = accessFor(path);
    const header = c.req.header("authorization");
    let session: AuthSession | null = null;
    if (header) {
      const token = bearerToken(header);
      session = token ? await findLiveSession(deps, token) : null;
      // A token that no longer works is an ended session even on a public path, so the SPA can tidy up;
      // but public paths (sign-in, register) must still work for someone holding a stale token.
      if (!session && access !== "public") throw new ApiError(401, messages.sessionExpired);
    }
    c.set("session", session ?? undefined);
    if (access === "public") return next();
    if (!header) throw new ApiError(401, messages.noCredentials);
    if (!session) throw new ApiError(401, messages.sessionExpired);
    if (access !== "signedIn" && !access.includes(session.user.role))
      throw new ApiError(403, messages.forbidden);
    // The console opens only to a session that passed its authenticator code (auth/totp/...).
    if (
      access !== "signedIn" &&
      session.user.role !== "customer" &&
      !session.secondFactorAt &&
      !opensBeforeSecondFactor(path)
    )
      throw new ApiError(403, messages.secondFactorNeeded);
    return next();
  };
}

/** The caller's session; only for routes the gate has already required one for. */
export function sessionOf(c: Context<AppEnv>): AuthSession {
  const session = c.get("session");
  if (!session) throw new ApiError(401, messages.noCredentials);
  return session;
}
