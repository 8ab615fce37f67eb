import type { PointSummary } from "./report";
import { median } from "./statistics";
import { textTable } from "./textTable";

/** Issue 25's target: purchases/s with VTpass refusing a fifth of its pays, at least this share of one healthy VTpass's. */
export const failoverTarget = 0.9;

interface LatencyFigures {
  purchasesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * The main thread's time on a core per purchase (null where it cannot be read): what failing over
   * costs the app, less swayed by a busy machine than purchases/s.
   */
  mainThreadCpuMsPerPurchase: number | null;
  /** The database server's CPU per purchase, where the bench started it (null otherwise). */
  dbCpuMsPerPurchase: number | null;
}

/** A failover point beside the distinct point of the same database and concurrency. */
export interface FailoverComparison {
  /** The database, and "(metrics on)" where the app counted for Prometheus. */
  db: string;
  concurrency: number;
  distinct: LatencyFigures;
  failover: LatencyFigures;
  /** failover purchases/s ÷ distinct purchases/s, of the medians. */
  ratio: number;
  /** Each run's own ratio (run k of one beside run k of the other: the runs are interleaved). */
  runRatios: number[];
  /** Their median: drift over the whole run weighs less on it than on the ratio of the medians. */
  medianRunRatio: number;
  met: boolean;
  /** The failover run's purchases each provider delivered, as a share of them all. */
  deliveredShare: Record<string, number>;
  /** Runs whose refusals opened VTpass's circuit (then the vendor alone sold the rest of the run). */
  circuitOpenedRuns: number;
}

const latencyOf = (point: PointSummary): LatencyFigures => ({
  purchasesPerSecond: point.median.purchasesPerSecond,
  p50Ms: point.median.p50Ms,
  p99Ms: point.median.p99Ms,
  mainThreadCpuMsPerPurchase: point.median.mainThreadCpuMsPerPurchase,
  dbCpuMsPerPurchase: point.median.dbCpuMsPerPurchase,
});

function sharesOf(counts: Record<string, number>): Record<string, number> {
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, all === 0 ? 0 : n / all]));
}

/** Each failover point with the distinct point it is compared with; none where distinct was not run. */
export function failoverComparisons(points: readonly PointSummary[]): FailoverComparison[] {
  return points.flatMap((failover) => {
    if (failover.scenario !== "failover") return [];
    const distinct = points.find(
      (p) =>
        p.scenario === "distinct" &&
        p.db === failover.db &&
        p.concurrency === failover.concurrency &&
        p.metrics === failover.metrics,
    );
    if (!distinct) return [];
    const ratio = failover.median.purchasesPerSecond / distinct.median.purchasesPerSecond;
    const runRatios = failover.runs.map(
      (run, i) => run.purchasesPerSecond / (distinct.runs[i]?.purchasesPerSecond ?? Number.NaN),
    );
    return [
      {
        db: failover.metrics === "on" ? `${failover.db} (metrics on)` : failover.db,
        concurrency: failover.concurrency,
        distinct: latencyOf(distinct),
        failover: latencyOf(failover),
        ratio,
        runRatios,
        medianRunRatio: median(runRatios),
        met: ratio >= failoverTarget,
        deliveredShare: sharesOf(failover.deliveredBy),
        circuitOpenedRuns: failover.runs.filter((run) => run.vtpassCircuitOpened).length,
      },
    ];
  });
}

const columns = [
  "db",
  "c",
  "distinct/s",
  "p50",
  "p99",
  "failover/s",
  "p50",
  "p99",
  "÷",
  `≥ ${failoverTarget}`,
  "runs' ÷",
  "core ms",
  "VTpass",
  "vendor",
  "circuit",
] as const;

const ms = (value: number | null) => (value === null ? "–" : value.toFixed(2));
const percent = (share: number | undefined) => `${((share ?? 0) * 100).toFixed(1)}%`;

/**
 * The comparisons as a plain-text table: latencies in ms, the ratio of the medians against the target,
 * the median of the runs' own ratios, the main thread's time on a core per purchase (distinct →
 * failover), and the delivered shares of the failover run.
 */
export function failoverTable(comparisons: readonly FailoverComparison[]): string {
  const rows = comparisons.map((c) => [
    c.db,
    String(c.concurrency),
    c.distinct.purchasesPerSecond.toFixed(1),
    c.distinct.p50Ms.toFixed(1),
    c.distinct.p99Ms.toFixed(1),
    c.failover.purchasesPerSecond.toFixed(1),
    c.failover.p50Ms.toFixed(1),
    c.failover.p99Ms.toFixed(1),
    c.ratio.toFixed(3),
    c.met ? "met" : "not met",
    c.medianRunRatio.toFixed(3),
    `${ms(c.distinct.mainThreadCpuMsPerPurchase)} → ${ms(c.failover.mainThreadCpuMsPerPurchase)}`,
    percent(c.deliveredShare.vtpass),
    percent(c.deliveredShare.msorg),
    c.circuitOpenedRuns === 0 ? "closed" : `opened in ${c.circuitOpenedRuns}`,
  ]);
  return textTable(columns, rows, 1);
}
