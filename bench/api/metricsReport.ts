import type { PointSummary } from "./report";
import { median } from "./statistics";
import { textTable } from "./textTable";

/** Issue 26's budget: purchases/s with metrics on at least this share of purchases/s with them off. */
export const metricsTarget = 0.97;

/** A point measured with metrics on beside the same point with them off. */
export interface MetricsComparison {
  db: PointSummary["db"];
  scenario: PointSummary["scenario"];
  concurrency: number;
  off: PointSummary["median"];
  on: PointSummary["median"];
  /** on ÷ off purchases/s, of the medians. */
  ratio: number;
  /** Each run's own ratio (run k on beside run k off: measured one after the other). */
  runRatios: number[];
  medianRunRatio: number;
  met: boolean;
}

export function metricsComparisons(points: readonly PointSummary[]): MetricsComparison[] {
  return points.flatMap((on) => {
    if (on.metrics !== "on") return [];
    const off = points.find(
      (p) =>
        p.metrics === "off" &&
        p.db === on.db &&
        p.scenario === on.scenario &&
        p.concurrency === on.concurrency,
    );
    if (!off) return [];
    const ratio = on.median.purchasesPerSecond / off.median.purchasesPerSecond;
    const runRatios = on.runs.map(
      (run, i) => run.purchasesPerSecond / (off.runs[i]?.purchasesPerSecond ?? Number.NaN),
    );
    const medianRunRatio = median(runRatios);
    const { db, scenario, concurrency } = on;
    return [
      {
        db,
        scenario,
        concurrency,
        off: off.median,
        on: on.median,
        ratio,
        runRatios,
        medianRunRatio,
        met: medianRunRatio >= metricsTarget,
      },
    ];
  });
}

const columns = [
  "db",
  "scenario",
  "c",
  "off/s",
  "on/s",
  "÷",
  "runs' ÷",
  `≥ ${metricsTarget}`,
  "p99 off",
  "p99 on",
  "main ms off → on",
] as const;

/** The comparisons as a plain-text table: latencies and the main thread's busy time in ms per purchase. */
export function metricsTable(comparisons: readonly MetricsComparison[]): string {
  const rows = comparisons.map((c) => [
    c.db,
    c.scenario,
    String(c.concurrency),
    c.off.purchasesPerSecond.toFixed(1),
    c.on.purchasesPerSecond.toFixed(1),
    c.ratio.toFixed(3),
    c.medianRunRatio.toFixed(3),
    c.met ? "met" : "not met",
    c.off.p99Ms.toFixed(1),
    c.on.p99Ms.toFixed(1),
    `${c.off.mainThreadMsPerPurchase.toFixed(2)} → ${c.on.mainThreadMsPerPurchase.toFixed(2)}`,
  ]);
  return textTable(columns, rows);
}
