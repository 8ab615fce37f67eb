import type { Context, MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv, AuthSession } from "../deps";
import { messages, notFound, Refusal } from "../refusal";
import { findLiveSession } from "../services/accounts/sessions";
import type { RecentReads } from "../services/recentReads";
import { accessFor, opensBeforeSecondFactor } from "./access";
import { bodySizeLimit } from "./bodySizeLimit";
import { keyApiMaxBytes, keyBatchMaxBytes } from "./jsonLimits";
import { keyAuthorization, keyRefusalOf } from "./keyAuthorization";
import { answerRefusal } from "./refusalAnswer";

const noCredentials = () => new Refusal("no_credentials", messages.noCredentials);
const sessionExpired = () => new Refusal("session_expired", messages.sessionExpired);

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i);
  return match?.[1];
}

/**
 * The requests other than reads that change no account and no session: purchases (a PIN's tries are
 * counted elsewhere, in try_counters). Every other write forgets the sessions this instance keeps.
 */
const leavesAccountsAsTheyWere = new Set([
  "/core/customer/airtime",
  "/core/customer/data-bundle",
  "/core/customer/tv",
  "/core/customer/electricity",
]);
const reads = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one place that decides who may call what: it finds the caller's session from the bearer token
 * and checks the role the path's prefix asks for (see access.ts). Sessions are read at most once a
 * second per instance (`READ_CACHE_MS`, recentReads.ts); a request that may have changed an
 * account or a session (any write but a purchase: a sign-out, a password or profile change, staff's
 * changes to users) makes this instance forget them all as it ends, so its next request reads afresh.
 */
export function sessionGate(
  deps: AppDeps,
  apiPrefix: string,
  isKnownPath: (path: string) => boolean,
  recent: RecentReads,
): MiddlewareHandler<AppEnv> {
  const keyLimit = (bytes: number) =>
    bodySizeLimit(bytes, (c) =>
      answerRefusal(
        c as Context<AppEnv>,
        new Refusal("too_large", `The request body is too large: at most ${bytes / 1024} kB.`),
      ),
    );
  const keyBodyLimit = keyLimit(keyApiMaxBytes);
  const keyBatchLimit = keyLimit(keyBatchMaxBytes);
  // A program's call with an API key: the key (with its rate limit), never a session; bodies of at
  // most 16 kB (a batch's 64 kB); refusals in the envelope, like every other path's. A purchase's
  // hold counts the call in the statement that holds the money: the key may come from what this
  // instance read lately.
  const keyGate = keyAuthorization<AppEnv>(
    deps,
    "Bearer",
    (c, refusal) => answerRefusal(c, keyRefusalOf(refusal)),
    (c) => ({
      count: !(c.req.method === "POST" && c.req.path.replace(/\/+$/, "") === `${apiPrefix}/v1/purchases`),
      recent: recent.enabled ? recent.keys : null,
    }),
  );
  return async (c, next) => {
    const path = c.req.path.slice(apiPrefix.length).replace(/\/+$/, "") || "/";
    // A path that leads nowhere is "not found" for everyone; asking for a sign-in first would only confuse.
    if (!isKnownPath(path)) throw notFound();
    if (
      !recent.enabled ||
      reads.has(c.req.method) ||
      leavesAccountsAsTheyWere.has(path) ||
      accessFor(path) === "apiKey"
    )
      return gate(c, next, path);
    try {
      return await gate(c, next, path);
    } finally {
      recent.forgetAll();
    }
  };

  async function gate(c: Context<AppEnv>, next: () => Promise<void>, path: string) {
    const access = accessFor(path);
    if (access === "apiKey")
      return keyGate(c, () => (path === "/v1/batches" ? keyBatchLimit : keyBodyLimit)(c, next));
    const header = c.req.header("authorization");
    let session: AuthSession | null = null;
    if (header) {
      const token = bearerToken(header);
      session = token ? await findLiveSession(deps, token, recent.sessions) : null;
      // A token that no longer works is an ended session even on a public path, so the SPA can tidy up;
      // but public paths (sign-in, register) must still work for someone holding a stale token.
      if (!session && access !== "public") throw sessionExpired();
    }
    c.set("session", session ?? undefined);
    if (access === "public") return next();
    if (!header) throw noCredentials();
    if (!session) throw sessionExpired();
    if (access !== "signedIn" && !access.includes(session.user.role))
      throw new Refusal("forbidden", messages.forbidden);
    // The console opens only to a session that passed its authenticator code (auth/totp/...).
    if (
      access !== "signedIn" &&
      session.user.role !== "customer" &&
      !session.secondFactorAt &&
      !opensBeforeSecondFactor(path)
    )
      throw new Refusal("second_factor_needed", messages.secondFactorNeeded);
    return next();
  }
}

/** The caller's session; only for routes the gate has already required one for. */
export function sessionOf(c: Context<AppEnv>): AuthSession {
  const session = c.get("session");
  if (!session) throw noCredentials();
  return session;
}
