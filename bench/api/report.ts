import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RunFigures } from "./measurePoint";
import type { DatabaseKind, MetricsSetting, Scenario } from "./options";
import { median } from "./statistics";
import { textTable } from "./textTable";

/** The figures a machine may not give (null in a run): a median only when every run has one. */
const knownOnSomeMachines = [
  "mainThreadCpuMsPerPurchase",
  "mainThreadCpuMsPerPosting",
  "dbCpuMsPerPurchase",
  "dbCpuMsPerPosting",
] as const;

export interface PointSummary {
  db: DatabaseKind;
  scenario: Scenario;
  concurrency: number;
  /** Whether the app measured counted for Prometheus (METRICS_TOKEN set). */
  metrics: MetricsSetting;
  /** Each figure the median of the runs' (the ratio too: the median of each run's own ratio). */
  median: Pick<
    RunFigures,
    | "purchasesPerSecond"
    | "p50Ms"
    | "p99Ms"
    | "postingsPerSecond"
    | "ratio"
    | "cpuMsPerPurchase"
    | "cpuMsPerPosting"
    | "mainThreadMsPerPurchase"
    | "mainThreadMsPerPosting"
  > &
    Record<(typeof knownOnSomeMachines)[number], number | null>;
  /** Every run's measured purchases by the provider that delivered them, added up. */
  deliveredBy: Record<string, number>;
  runs: RunFigures[];
}

function addedUp(counts: ReadonlyArray<Record<string, number>>): Record<string, number> {
  const total: Record<string, number> = {};
  for (const count of counts)
    for (const [key, n] of Object.entries(count)) total[key] = (total[key] ?? 0) + n;
  return total;
}

export function summarise(
  point: Omit<PointSummary, "median" | "deliveredBy" | "runs">,
  runs: readonly RunFigures[],
): PointSummary {
  const of = (key: Exclude<keyof PointSummary["median"], (typeof knownOnSomeMachines)[number]>) =>
    median(runs.map((run) => run[key]));
  const ofKnown = (key: (typeof knownOnSomeMachines)[number]) => {
    const known = runs.flatMap((run) => (run[key] === null ? [] : [run[key]]));
    return known.length === runs.length ? median(known) : null;
  };
  return {
    ...point,
    median: {
      purchasesPerSecond: of("purchasesPerSecond"),
      p50Ms: of("p50Ms"),
      p99Ms: of("p99Ms"),
      postingsPerSecond: of("postingsPerSecond"),
      ratio: of("ratio"),
      cpuMsPerPurchase: of("cpuMsPerPurchase"),
      cpuMsPerPosting: of("cpuMsPerPosting"),
      mainThreadMsPerPurchase: of("mainThreadMsPerPurchase"),
      mainThreadMsPerPosting: of("mainThreadMsPerPosting"),
      mainThreadCpuMsPerPurchase: ofKnown("mainThreadCpuMsPerPurchase"),
      mainThreadCpuMsPerPosting: ofKnown("mainThreadCpuMsPerPosting"),
      dbCpuMsPerPurchase: ofKnown("dbCpuMsPerPurchase"),
      dbCpuMsPerPosting: ofKnown("dbCpuMsPerPosting"),
    },
    deliveredBy: addedUp(runs.map((run) => run.deliveredBy)),
    runs: [...runs],
  };
}

const baseColumns = ["db", "scenario", "c", "purchases/s", "p50 ms", "p99 ms", "raw posting/s", "ratio"];

/** A point as a progress line or an error names it. */
export const pointName = (point: Pick<PointSummary, "db" | "scenario" | "concurrency" | "metrics">) =>
  `${point.db} ${point.scenario} c=${point.concurrency}${point.metrics === "on" ? " metrics on" : ""}`;

/** Every error of every run, by description: none, in a run that counts. */
export function errorsOf(points: readonly PointSummary[]): Map<string, number> {
  const all = new Map<string, number>();
  for (const point of points)
    for (const run of point.runs)
      for (const [kind, n] of [...Object.entries(run.purchaseErrors), ...Object.entries(run.postingErrors)]) {
        const key = `${pointName(point)}: ${kind}`;
        all.set(key, (all.get(key) ?? 0) + n);
      }
  return all;
}

/** The summaries as a plain-text table, numbers right-aligned; the metrics column where any point had them on. */
export function table(points: readonly PointSummary[]): string {
  const withMetrics = points.some((p) => p.metrics === "on");
  const columns = withMetrics ? [...baseColumns, "metrics"] : baseColumns;
  const rows = points.map((p) => [
    p.db,
    p.scenario,
    String(p.concurrency),
    p.median.purchasesPerSecond.toFixed(1),
    p.median.p50Ms.toFixed(1),
    p.median.p99Ms.toFixed(1),
    p.median.postingsPerSecond.toFixed(1),
    p.median.ratio.toFixed(3),
    ...(withMetrics ? [p.metrics] : []),
  ]);
  return textTable(columns, rows);
}

/** Writes the report under bench/results/ as api-<start time>.json; answers the path. */
export function writeReport(report: { startedAt: string } & Record<string, unknown>): string {
  const directory = new URL("../results/", import.meta.url);
  mkdirSync(directory, { recursive: true });
  const stamp = report.startedAt.replace(/\.\d+Z$/, "Z").replace(/:/g, "-");
  const file = new URL(`api-${stamp}.json`, directory);
  // Three decimals are more than any of these figures can vouch for; more would only be noise to read.
  const rounded = (_key: string, value: unknown) =>
    typeof value === "number" && !Number.isInteger(value) ? Number(value.toFixed(3)) : value;
  writeFileSync(file, `${JSON.stringify(report, rounded, 2)}\n`);
  return fileURLToPath(file);
}
