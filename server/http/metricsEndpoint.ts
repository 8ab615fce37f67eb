import { createHash, timingSafeEqual } from "node:crypto";
import type { Handler } from "hono";
import type { AppEnv } from "../deps";
import type { AppMetrics } from "../metrics/appMetrics";
import { notFound, Refusal } from "../refusal";
import { answerRefusal } from "./refusalAnswer";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format, for whoever shows the token (`Authorization: Bearer`),
 * compared through digests of equal length in constant time. Without metrics (no METRICS_TOKEN) the
 * path does not exist.
 */
export function metricsEndpoint(metrics: AppMetrics | null, token: string | null): Handler<AppEnv> {
  const expected = token === null ? null : digest(token);
  return async (c) => {
    if (!metrics || !expected) return answerRefusal(c, notFound());
    const given = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return answerRefusal(c, new Refusal("no_credentials", "A valid metrics token is needed."));
    }
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType });
  };
}
