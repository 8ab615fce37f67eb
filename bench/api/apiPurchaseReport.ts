import type { PointSummary } from "./report";
import { median } from "./statistics";
import { textTable } from "./textTable";

/** Issue 27's target: purchases/s through the v1 API (a key, no PIN) at least the customer path's. */
export const apiPurchaseTarget = 1;

/** An api point beside the distinct point of the same database, concurrency and metrics setting. */
export interface ApiPurchaseComparison {
  db: string;
  concurrency: number;
  customerPerSecond: number;
  apiPerSecond: number;
  customerP99Ms: number;
  apiP99Ms: number;
  /** api purchases/s ÷ customer purchases/s, of the medians. */
  ratio: number;
  /** The median of each run's own ratio (the runs are interleaved, so drift weighs less on it). */
  medianRunRatio: number;
  met: boolean;
}

export function apiPurchaseComparisons(points: readonly PointSummary[]): ApiPurchaseComparison[] {
  return points.flatMap((api) => {
    if (api.scenario !== "api") return [];
    const customer = points.find(
      (p) =>
        p.scenario === "distinct" &&
        p.db === api.db &&
        p.concurrency === api.concurrency &&
        p.metrics === api.metrics,
    );
    if (!customer) return [];
    const ratio = api.median.purchasesPerSecond / customer.median.purchasesPerSecond;
    const runRatios = api.runs.map(
      (run, i) => run.purchasesPerSecond / (customer.runs[i]?.purchasesPerSecond ?? Number.NaN),
    );
    return [
      {
        db: api.metrics === "on" ? `${api.db} (metrics on)` : api.db,
        concurrency: api.concurrency,
        customerPerSecond: customer.median.purchasesPerSecond,
        apiPerSecond: api.median.purchasesPerSecond,
        customerP99Ms: customer.median.p99Ms,
        apiP99Ms: api.median.p99Ms,
        ratio,
        medianRunRatio: median(runRatios),
        met: ratio >= apiPurchaseTarget,
      },
    ];
  });
}

const columns = [
  "db",
  "c",
  "customer/s",
  "p99",
  "api/s",
  "p99",
  "÷",
  `≥ ${apiPurchaseTarget}`,
  "runs' ÷",
] as const;

export function apiPurchaseTable(comparisons: readonly ApiPurchaseComparison[]): string {
  const rows = comparisons.map((c) => [
    c.db,
    String(c.concurrency),
    c.customerPerSecond.toFixed(1),
    c.customerP99Ms.toFixed(1),
    c.apiPerSecond.toFixed(1),
    c.apiP99Ms.toFixed(1),
    c.ratio.toFixed(3),
    c.met ? "met" : "not met",
    c.medianRunRatio.toFixed(3),
  ]);
  return textTable(columns, rows, 1);
}
