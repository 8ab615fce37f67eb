import { useCallback, useEffect, useState } from "react";

export type Loaded<T> =
  | { state: "loading"; data?: T | undefined }
  | { state: "ready"; data: T }
  | { state: "failed"; error: unknown };

/**
 * Runs `load` when it changes (callers wrap it in useCallback with what it reads) and on `retry`;
 * `null` means not yet (the state stays loading), for a page that must not ask before it may.
 * An answer that arrives after a newer load started, or after the page closed, is dropped, so a slow
 * first page can never overwrite the second. While reloading, the previous data stays available so a
 * list does not blank out between filters.
 */
export function useLoad<T>(load: (() => Promise<T>) | null): Loaded<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Loaded<T>>({ state: "loading" });

  useEffect(() => {
    void attempt;
    if (!load) return;
    let live = true;
    setResult((previous) => ({ state: "loading", data: "data" in previous ? previous.data : undefined }));
    load().then(
      (data) => live && setResult({ state: "ready", data }),
      (error: unknown) => live && setResult({ state: "failed", error }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...result, retry };
}
