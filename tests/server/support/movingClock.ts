import type { TestClock } from "./testClock";

/**
 * Runs `act` while every reading of the clock comes `stepMs` later than the one before, as on a real
 * server while a hash is computed or a statement waits: a moment set from one reading and quoted
 * against another is then a little off, as it is in production.
 */
export async function whileTimeMoves<T>(clock: TestClock, stepMs: number, act: () => Promise<T>): Promise<T> {
  const read = clock.now.bind(clock);
  clock.now = () => {
    clock.advance(stepMs);
    return read();
  };
  try {
    return await act();
  } finally {
    clock.now = read;
  }
}
