/**
 * The bench's statistics, kept apart so a unit test can hold them (tests/unit/benchStatistics.test.ts).
 * Percentiles are nearest-rank: the smallest value with at least p% of the values at or below it, so
 * p99 of 100 latencies is the 99th smallest, and every figure reported is one that was measured.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`a percentile is over 0 and at most 100, not ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** The middle value; for an even count, the mean of the two middle ones. NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}
