import { performance } from "node:perf_hooks";

/** What one operation came to: null when it did what was asked, else a short description of what went wrong. */
export type Outcome = string | null;

export interface LoopResult {
  /** Operations that did what was asked. */
  completed: number;
  /** Operations that did not, by description. */
  errors: Map<string, number>;
  /** Each completed operation's time, in milliseconds. */
  latenciesMs: number[];
  /** From the start until the last worker's last operation came back. */
  elapsedMs: number;
}

export const errorCount = (result: LoopResult) => [...result.errors.values()].reduce((a, b) => a + b, 0);

/**
 * A closed loop: `workers` workers, each starting its next operation as soon as its previous one
 * came back, until `seconds` have passed. An operation under way at the end is waited for and
 * counted, so throughput is completions over the whole time taken. A thrown error is an error
 * outcome, never the end of the loop.
 */
export async function closedLoop(
  workers: number,
  seconds: number,
  operation: (worker: number) => Promise<Outcome>,
): Promise<LoopResult> {
  const result: LoopResult = { completed: 0, errors: new Map(), latenciesMs: [], elapsedMs: 0 };
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async (index: number) => {
    while (performance.now() < end) {
      const began = performance.now();
      let outcome: Outcome;
      try {
        outcome = await operation(index);
      } catch (error) {
        outcome = `threw ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
      }
      if (outcome === null) {
        result.completed += 1;
        result.latenciesMs.push(performance.now() - began);
      } else {
        result.errors.set(outcome, (result.errors.get(outcome) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  result.elapsedMs = performance.now() - start;
  return result;
}
