import type { Figures } from "./metrics";

/** Issue 11's targets: each page's Lighthouse mobile performance score, and its LCP against the floor's. */
export const targets = [
  { page: "/", minScore: 98 },
  { page: "/auth/login", minScore: 97 },
  { page: "/app/dashboard", minScore: 97 },
] as const;

/** An LCP at most this many times the React floor's, measured in the same run. */
export const maxLcpOverFloor = 1.5;

export interface Check {
  target: string;
  measured: string;
  pass: boolean;
}

export function checkTargets(floor: Figures, pages: Record<string, Figures>): Check[] {
  return targets.flatMap(({ page, minScore }) => {
    const figures = pages[page];
    if (!figures) return [{ target: `${page} measured`, measured: "not measured", pass: false }];
    const ratio = figures.lcpMs / floor.lcpMs;
    return [
      {
        target: `${page} score ≥ ${minScore}`,
        measured: String(figures.performance),
        pass: figures.performance >= minScore,
      },
      {
        target: `${page} LCP ≤ ${maxLcpOverFloor} × floor`,
        measured: `${ratio.toFixed(2)} × (${(figures.lcpMs / 1000).toFixed(2)} s / ${(floor.lcpMs / 1000).toFixed(2)} s)`,
        pass: ratio <= maxLcpOverFloor,
      },
    ];
  });
}
