import type { DatabaseKind } from "./options";
import { type ReadPath, type ReadSummary, readPaths } from "./readPoints";
import type { PointSummary } from "./report";
import { textTable } from "./textTable";

/** A target of issue 26: a figure of one run as a ratio to the floor or to the database's own selects. */
export interface ReadTarget {
  db: DatabaseKind;
  what: ReadPath | "purchases c=8";
  of: "floor" | "selects";
  atLeast: number;
  /** Where the issue also bounds the p99 at 16 connections. */
  p99AtMostMs?: number;
}

export const readTargets: ReadTarget[] = [
  { db: "postgres", what: "status", of: "floor", atLeast: 0.5, p99AtMostMs: 10 },
  { db: "postgres", what: "wallet", of: "floor", atLeast: 0.25, p99AtMostMs: 10 },
  { db: "postgres", what: "page", of: "floor", atLeast: 0.7 },
  { db: "pglite", what: "status", of: "floor", atLeast: 0.3 },
  { db: "pglite", what: "wallet", of: "selects", atLeast: 0.5 },
  { db: "pglite", what: "page", of: "floor", atLeast: 0.7 },
  { db: "pglite", what: "purchases c=8", of: "selects", atLeast: 0.1 },
];

export interface ReadComparison extends ReadTarget {
  perSecond: number;
  p99Ms: number;
  base: number;
  ratio: number;
  met: boolean;
}

/** Each target that the run measured, with its figures (medians of the runs). */
export function readComparisons(
  reads: readonly ReadSummary[],
  points: readonly PointSummary[],
): ReadComparison[] {
  return readTargets.flatMap((target): ReadComparison[] => {
    const read = reads.find((r) => r.db === target.db);
    if (!read) return [];
    const base = target.of === "floor" ? read.median.floor?.requestsPerSecond : read.median.selectsPerSecond;
    let measured: { perSecond: number; p99Ms: number } | undefined;
    if (target.what === "purchases c=8") {
      const point = points.find(
        (p) => p.db === target.db && p.scenario === "distinct" && p.concurrency === 8,
      );
      if (point) measured = { perSecond: point.median.purchasesPerSecond, p99Ms: point.median.p99Ms };
    } else {
      const figures = read.median[target.what];
      if (figures) measured = { perSecond: figures.requestsPerSecond, p99Ms: figures.p99Ms };
    }
    if (!measured || !base) return [];
    const ratio = measured.perSecond / base;
    const met =
      ratio >= target.atLeast && (target.p99AtMostMs === undefined || measured.p99Ms <= target.p99AtMostMs);
    return [{ ...target, ...measured, base, ratio, met }];
  });
}

export function readTable(reads: readonly ReadSummary[], comparisons: readonly ReadComparison[]): string {
  const rows = [["db", "read", "per second", "p50 ms", "p99 ms", "÷ floor"]];
  for (const read of reads) {
    const floor = read.median.floor?.requestsPerSecond;
    for (const path of readPaths) {
      const f = read.median[path];
      if (!f) continue;
      rows.push([
        read.db,
        path,
        f.requestsPerSecond.toFixed(0),
        String(f.p50Ms),
        String(f.p99Ms),
        floor ? (f.requestsPerSecond / floor).toFixed(3) : "–",
      ]);
    }
    rows.push([
      read.db,
      "selects",
      read.median.selectsPerSecond.toFixed(0),
      "",
      "",
      floor ? (read.median.selectsPerSecond / floor).toFixed(3) : "–",
    ]);
  }
  const targets = [["db", "what", "per second", "p99 ms", "÷", "ratio", "target", "met"]];
  for (const c of comparisons)
    targets.push([
      c.db,
      c.what,
      c.perSecond.toFixed(0),
      c.p99Ms.toFixed(c.p99Ms < 10 ? 1 : 0),
      `${c.of} ${c.base.toFixed(0)}`,
      c.ratio.toFixed(3),
      `≥ ${c.atLeast}${c.p99AtMostMs === undefined ? "" : `, p99 ≤ ${c.p99AtMostMs} ms`}`,
      c.met ? "met" : "not met",
    ]);
  const [head = [], ...body] = rows;
  const [targetHead = [], ...targetBody] = targets;
  const samePage = reads.flatMap((read) => {
    const page = read.median.page?.requestsPerSecond;
    const floorPage = read.median["page floor"]?.requestsPerSecond;
    return page && floorPage ? [`${read.db} ${(page / floorPage).toFixed(3)}`] : [];
  });
  const note =
    samePage.length > 0
      ? `\npage ÷ page floor (the bare app answering the same bytes and headers): ${samePage.join(", ")}`
      : "";
  return `${textTable(head, body)}\n\n${textTable(targetHead, targetBody)}${note}`;
}
