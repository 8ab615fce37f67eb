import type { Figures } from "./metrics";
import type { Check } from "./targets";

/** A Markdown table whose columns also line up in a terminal: docs/benchmarks.md carries it as printed. */
function markdown(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  const line = (r: string[]) =>
    `| ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(Math.max(w - 1, 1))}:`)).join(" | ")} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), rule, ...body.map(line)].join("\n");
}

/** The median run of each page. */
export function figuresTable(floor: Figures, pages: Array<[string, Figures]>): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const rows = [
    [
      "page",
      "score",
      "LCP s",
      "× floor LCP",
      "FCP s",
      "TBT ms",
      "CLS",
      "SI s",
      "render delay s",
      "KB",
      "requests",
    ],
    ...pages.map(([page, f]) => [
      page,
      String(f.performance),
      s(f.lcpMs),
      (f.lcpMs / floor.lcpMs).toFixed(2),
      s(f.fcpMs),
      String(Math.round(f.tbtMs)),
      f.cls.toFixed(3),
      s(f.speedIndexMs),
      f.lcpRenderDelayMs === null ? "-" : s(f.lcpRenderDelayMs),
      f.transferKb.toFixed(1),
      String(f.requests),
    ]),
  ];
  return markdown(rows);
}

export function checksTable(checks: Check[]): string {
  return markdown([
    ["target", "measured", "result"],
    ...checks.map((c) => [c.target, c.measured, c.pass ? "PASS" : "FAIL"]),
  ]);
}
