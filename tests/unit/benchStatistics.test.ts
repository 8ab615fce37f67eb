import { performance } from "node:perf_hooks";
import { describe, expect, it, vi } from "vitest";
import { closedLoop } from "../../bench/api/closedLoop";
import { median, percentile } from "../../bench/api/statistics";

describe("the API bench's percentiles (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose

  it("answers a measured value: p50 and p99 of 1…100 are 50 and 99, p100 the largest", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 1)).toBe(1);
  });

  it("rounds the rank up: p99 of ten values is the largest, p50 of ten the fifth", () => {
    const ten = [7, 3, 9, 1, 5, 10, 2, 8, 4, 6];
    expect(percentile(ten, 99)).toBe(10);
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 90)).toBe(9);
  });

  it("of one value is that value, of none NaN; the input is left as it was", () => {
    expect(percentile([42], 1)).toBe(42);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
    const input = [3, 1, 2];
    percentile(input, 50);
    expect(input).toEqual([3, 1, 2]);
  });

  it("sorts numerically, not as text", () => {
    expect(percentile([100, 20, 3], 50)).toBe(20);
  });

  it("refuses a percentile outside (0, 100]", () => {
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe("the API bench's median of runs", () => {
  it("is the middle of an odd count, whatever the order", () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([5])).toBe(5);
  });

  it("is the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("of none is NaN", () => {
    expect(median([])).toBeNaN();
  });
});

describe("the API bench's closed loop", () => {
  it("keeps each worker's operations one after another, counts errors apart, and times only successes", async () => {
    // The loop's clock is the test's: each operation takes 2 ms of it, so how many run in the loop's
    // 50 ms does not depend on how busy the machine is (on a loaded one, 50 real ms could pass before
    // the workers had started).
    let clock = 1_000;
    const now = vi.spyOn(performance, "now").mockImplementation(() => clock);
    try {
      const inFlight = new Map<number, number>();
      let calls = 0;
      const result = await closedLoop(3, 0.05, async (worker) => {
        inFlight.set(worker, (inFlight.get(worker) ?? 0) + 1);
        expect(inFlight.get(worker)).toBe(1);
        await new Promise((resolve) => setImmediate(resolve));
        clock += 2;
        inFlight.set(worker, (inFlight.get(worker) ?? 0) - 1);
        calls += 1;
        // The first round of three workers already meets both kinds of error.
        if (calls === 2) return "500 unexpected";
        if (calls === 3) throw new Error("socket hang up\nstack");
        return null;
      });
      const errors = [...result.errors.values()].reduce((a, b) => a + b, 0);
      expect(result.completed + errors).toBe(calls);
      expect(result.latenciesMs).toHaveLength(result.completed);
      // Worker 0's first operation came back 2 ms in; the two errors, 4 and 6 ms in, are not timed; every
      // later operation had two others in flight beside it, each moving the clock 2 ms: 6 ms.
      expect(result.latenciesMs[0]).toBe(2);
      expect(result.latenciesMs.slice(1)).toEqual(Array(result.completed - 1).fill(6));
      expect(Object.fromEntries(result.errors)).toEqual({ "500 unexpected": 1, "threw socket hang up": 1 });
      expect(result.elapsedMs).toBeGreaterThanOrEqual(50);
    } finally {
      now.mockRestore();
    }
  });
});
