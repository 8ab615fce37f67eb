/**
 * One read shared by the gauges it sets: the registry collects its metrics at once, so each gauge's
 * collect() joins the read in flight instead of sending its own.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
