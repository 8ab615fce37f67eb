import type { Context } from "hono";
import type { RefusalEnvelope } from "../../schemas/envelope";
import type { AppEnv } from "../deps";
import { messages, Refusal } from "../refusal";
import { jsonAnswer } from "./jsonAnswer";
import { requestIdFor } from "./requestId";

/**
 * The envelope of a refusal: its code, its message, its data, the request's id (as its X-Request-Id
 * header and its log lines say it) and, for bad input, the messages per field.
 */
export function refusalBody(refusal: Refusal, requestId: string): RefusalEnvelope {
  return {
    status: false,
    code: refusal.code,
    msg: refusal.msg,
    data: refusal.data,
    ...(refusal.fields && { fields: refusal.fields }),
    req_id: requestId,
  };
}

export function answerRefusal(c: Context<AppEnv>, refusal: Refusal, headers: Record<string, string> = {}) {
  // A refusal answered before the request id's middleware (the readiness check's 503) still gets one.
  if (!c.get("requestId")) c.set("requestId", requestIdFor(c.req.header("x-request-id")));
  const wait = retryAfterOf(refusal);
  const sent = wait === null ? headers : { "retry-after": String(wait), ...headers };
  return jsonAnswer(c, refusalBody(refusal, c.get("requestId")), refusal.status, sent);
}

/** A rate limit's wait in seconds, where the refusal says it (`data.retry_after`): for `Retry-After`. */
export function retryAfterOf(refusal: Refusal): number | null {
  const wait = (refusal.data as { retry_after?: unknown } | null)?.retry_after;
  return refusal.code === "rate_limited" && typeof wait === "number" ? wait : null;
}

/** Hono's own refusals (a malformed request it rejects before our code runs), under our codes. */
export function refusalForStatus(status: number, message: string): Refusal {
  if (status === 404) return new Refusal("not_found", message || messages.notFound);
  if (status === 413) return new Refusal("too_large", message || messages.tooLarge);
  if (status === 401) return new Refusal("no_credentials", message || messages.noCredentials);
  if (status === 403) return new Refusal("forbidden", message || messages.forbidden);
  return new Refusal("invalid_input", message || "The request is not valid.");
}
