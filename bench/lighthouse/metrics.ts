import type { Report } from "./audit";

/** The figures kept from one Lighthouse run. Times in ms, sizes in kB (1024 bytes) as transferred. */
export interface Figures {
  performance: number;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** The simulated time to the document's first byte. */
  ttfbMs: number;
  /**
   * LCP's render delay as Lighthouse's LCP breakdown gives it for a text LCP (LCP minus TTFB): taken
   * only when the page downloaded no image, so its LCP element must be text; null otherwise.
   */
  lcpRenderDelayMs: number | null;
  /** Lighthouse's LCP breakdown itself, when its audit ran (the phases it names, in ms). */
  lcpPhases: Record<string, number> | null;
  /** Why there is no `lcpPhases`, when Lighthouse's LCP element audit failed. */
  lcpPhasesError: string | null;
  transferKb: number;
  requests: number;
  /** LCP as it happened on this machine, unthrottled (the score uses the simulated one). */
  observedLcpMs: number;
  /** Lighthouse's measure of this machine's speed during the run (a mid-range phone's is about 1000-1500, a busy shared core lower). */
  benchmarkIndex: number;
}

const score = (report: Report, id: string) => {
  const value = report.categories[id]?.score;
  return value == null ? null : Math.round(value * 100);
};

function numeric(report: Report, id: string): number {
  const value = report.audits[id]?.numericValue;
  if (value === undefined)
    throw new Error(`Lighthouse gave no ${id} (${report.audits[id]?.errorMessage ?? "no audit"})`);
  return value;
}

interface Table {
  type: "table";
  headings: Array<{ key: string | null; label?: unknown }>;
  items: Array<Record<string, unknown>>;
}

/** The phases table (TTFB, load delay, load time, render delay) of the LCP element audit, if it ran. */
function lcpPhases(report: Report): Record<string, number> | null {
  const details = report.audits["largest-contentful-paint-element"]?.details as
    | { type: string; items?: unknown[] }
    | undefined;
  const tables = (details?.type === "list" ? (details.items ?? []) : []) as Table[];
  const phases = tables.find((t) => t.type === "table" && t.headings.some((h) => h.key === "phase"));
  if (!phases) return null;
  return Object.fromEntries(phases.items.map((row) => [String(row.phase), Math.round(Number(row.timing))]));
}

export function figuresOf(report: Report): Figures {
  const requests = (
    report.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string }> }
  )?.items;
  if (!requests) throw new Error("Lighthouse gave no network-requests");
  const metrics = (report.audits.metrics?.details as { items?: Array<Record<string, number>> })?.items?.[0];
  if (!metrics) throw new Error("Lighthouse gave no metrics");
  const lcpMs = numeric(report, "largest-contentful-paint");
  const ttfbMs = metrics.timeToFirstByte ?? Number.NaN;
  const imageless = !requests.some((r) => r.resourceType === "Image");
  const lcpElement = report.audits["largest-contentful-paint-element"];
  return {
    performance: score(report, "performance") ?? 0,
    accessibility: score(report, "accessibility"),
    bestPractices: score(report, "best-practices"),
    seo: score(report, "seo"),
    lcpMs,
    fcpMs: numeric(report, "first-contentful-paint"),
    tbtMs: numeric(report, "total-blocking-time"),
    cls: numeric(report, "cumulative-layout-shift"),
    speedIndexMs: numeric(report, "speed-index"),
    ttfbMs,
    lcpRenderDelayMs: imageless ? lcpMs - ttfbMs : null,
    lcpPhases: lcpPhases(report),
    lcpPhasesError: lcpElement?.errorMessage ?? null,
    transferKb: numeric(report, "total-byte-weight") / 1024,
    requests: requests.length,
    observedLcpMs: metrics.observedLargestContentfulPaint ?? Number.NaN,
    benchmarkIndex: report.environment.benchmarkIndex,
  };
}

/** The run in the middle by performance score (the slower LCP first among equal scores; the lower middle of an even count). */
export function medianRun(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no runs to take the median of");
  return middle;
}
