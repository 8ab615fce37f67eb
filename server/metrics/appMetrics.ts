import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { databaseGauges } from "./databaseGauges";

/** What the app counts for Prometheus (docs/metrics.md), with the registry `GET /metrics` reads. */
export interface AppMetrics {
  registry: Registry;
  /** An answered request: its route's template (never the raw path), its status and its time. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A purchase reached a final status: delivered, failed, or reversed by its provider. */
  purchaseSettled(purchase: { kind: string; status: string; provider: string | null }): void;
  /** One run of a background step. */
  backgroundStep(step: string, seconds: number, failed: boolean): void;
  /** An SMS handed to the gateway: what it answered (`accepted`, `unclear`, `refused`, `gave_up`). */
  smsSent(purpose: string, answer: SmsAnswer): void;
  /** A delivery report that changed a message's status. */
  smsReported(outcome: string): void;
}

export type SmsAnswer = "accepted" | "unclear" | "refused" | "gave_up";

/**
 * A registry of this app's own, not prom-client's global one: several apps in one process (tests)
 * each count their own. The database's figures are read at scrape time (databaseGauges.ts); a request
 * costs only a counter and a histogram's increments.
 */
export function createMetrics(deps: { db: Database; clock: Clock }): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  databaseGauges(registry, deps);

  const httpLabels = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "ojapay_http_requests_total",
    help: "HTTP requests answered, by method, route template and status.",
    labelNames: httpLabels,
    registers,
  });
  const durations = new Histogram({
    name: "ojapay_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route template and status.",
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const settled = new Counter({
    name: "ojapay_purchases_settled_total",
    help: "Purchases that reached a final status (successful, failed, reversed), by kind and provider.",
    labelNames: ["kind", "status", "provider"],
    registers,
  });
  const stepLabels = ["step"] as const;
  const stepRuns = new Counter({
    name: "ojapay_background_step_runs_total",
    help: "Runs of each background step, failed ones included.",
    labelNames: stepLabels,
    registers,
  });
  const stepFailures = new Counter({
    name: "ojapay_background_step_failures_total",
    help: "Runs of each background step that threw (each is logged as 'background step failed').",
    labelNames: stepLabels,
    registers,
  });
  const stepDurations = new Histogram({
    name: "ojapay_background_step_duration_seconds",
    help: "Time each background step's run took.",
    labelNames: stepLabels,
    buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120, 600],
    registers,
  });

  const smsSends = new Counter({
    name: "ojapay_sms_sends_total",
    help: "SMS handed to the gateway, by purpose and its answer (accepted, unclear, refused, gave_up).",
    labelNames: ["purpose", "answer"],
    registers,
  });
  const smsReports = new Counter({
    name: "ojapay_sms_delivery_reports_total",
    help: "Delivery reports that changed a message's status, by outcome.",
    labelNames: ["outcome"],
    registers,
  });

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    purchaseSettled({ kind, status, provider }) {
      settled.inc({ kind, status, provider: provider ?? "none" });
    },
    smsSent(purpose, answer) {
      smsSends.inc({ purpose, answer });
    },
    smsReported(outcome) {
      smsReports.inc({ outcome });
    },
    backgroundStep(step, seconds, failed) {
      stepRuns.inc({ step });
      if (failed) stepFailures.inc({ step });
      stepDurations.observe({ step }, seconds);
    },
  };
}
