import { createHash, timingSafeEqual } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Handler } from "hono";
import type { AppEnv } from "../deps";
import type { AppMetrics } from "../metrics/appMetrics";
import { notFound, Refusal } from "../refusal";
import { answerHeaders } from "./answerHeaders";
import { answerRefusal } from "./refusalAnswer";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * `GET /metrics` in Prometheus's text format, for whoever shows the token (`Authorization: Bearer`),
 * compared through digests of equal length in constant time; gzipped for a scraper that takes it
 * (Prometheus does), about 20 kB otherwise. Without metrics (no METRICS_TOKEN) the path does not exist.
 */
export function metricsEndpoint(metrics: AppMetrics | null, token: string | null): Handler<AppEnv> {
  const expected = token === null ? null : digest(token);
  return async (c) => {
    if (!metrics || !expected) return answerRefusal(c, notFound());
    const given = /^Bearer (\S+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      const refused = new Refusal("no_credentials", "A valid metrics token is needed.");
      return answerRefusal(c, refused, { "www-authenticate": 'Bearer realm="metrics"' });
    }
    const text = await metrics.registry.metrics();
    const own = { "content-type": metrics.registry.contentType, "cache-control": "no-store" };
    if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? ""))
      return new Response(text, { headers: answerHeaders(c, own) });
    const packed = gzipSync(text);
    const headers = { ...own, "content-encoding": "gzip", "content-length": String(packed.length) };
    return new Response(packed, { headers: answerHeaders(c, headers) });
  };
}
