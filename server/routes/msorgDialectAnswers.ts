import type { Context } from "hono";
import type { AppDeps } from "../deps";
import { jsonAnswer } from "../http/jsonAnswer";
import type { KeyAuthRefusal, KeyEnv } from "../http/keyAuthorization";
import { retryAfterOf } from "../http/refusalAnswer";
import { Refusal } from "../refusal";
import { KeyCallRefused } from "../services/resellers/apiCallers";

/**
 * Refusals in the market's dialect, as the vendors' Django servers word them: authentication and
 * permission in DRF's `{"detail": …}`, and anything about the request in `{"error": [...]}` with 400.
 * Every refusal comes before any money moved, so a program buying from us (issue 14's adapter
 * included) may safely try elsewhere on a 400 or 401: a 5xx means "not known" and is kept for faults.
 */
export function msorgKeyRefusal(c: Context<KeyEnv>, refusal: KeyAuthRefusal): Response {
  switch (refusal.reason) {
    case "no_key":
      return jsonAnswer(c, { detail: "Authentication credentials were not provided." }, 401);
    case "unknown_key":
      return jsonAnswer(c, { detail: "Invalid token." }, 401);
    case "address":
      return jsonAnswer(
        c,
        { detail: `This token may not be used from ${refusal.address ?? "this address"}.` },
        403,
      );
    case "no_api_access":
      return jsonAnswer(c, { detail: "API access is for the Reseller and API levels." }, 403);
    case "tier":
      return jsonAnswer(c, { detail: "API access needs KYC tier 2." }, 403);
    case "restricted":
      return jsonAnswer(
        c,
        { detail: "This account cannot make purchases right now. Please contact support." },
        403,
      );
    case "rate_limited": {
      const seconds = refusal.retryAfterSeconds;
      return jsonAnswer(
        c,
        {
          detail: `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? "" : "s"}.`,
        },
        429,
        { "retry-after": String(seconds) },
      );
    }
  }
}

/** Our refusal in the dialect's words; anything else is a fault of ours, logged and answered 500. */
export function msorgErrorAnswer(
  deps: Pick<AppDeps, "logger">,
  error: unknown,
  c: Context<KeyEnv>,
): Response {
  if (error instanceof Refusal) {
    if (error.code === "not_found") return jsonAnswer(c, { detail: "Not found." }, 404);
    if (error.code === "invalid_key") return msorgKeyRefusal(c, { reason: "unknown_key" });
    if (error instanceof KeyCallRefused) return msorgKeyRefusal(c, error.refusal);
    const wait = retryAfterOf(error);
    if (wait !== null) return msorgKeyRefusal(c, { reason: "rate_limited", retryAfterSeconds: wait });
    if (error.code === "too_large") return jsonAnswer(c, { detail: error.msg }, 413);
    return jsonAnswer(c, { error: [error.msg] }, 400);
  }
  deps.logger.error({ req_id: c.get("requestId"), err: error }, "unexpected error in the reseller API");
  return jsonAnswer(c, { detail: "A server error occurred." }, 500);
}
