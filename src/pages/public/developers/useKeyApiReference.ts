import { useCallback, useEffect, useState } from "react";
import { type KeyApiReference, keyApiReference } from "./openApiOperations";

/** The document the server writes from its route table (server/http/openapi.ts), read at run time: never bundled, so the page cannot drift from the server it is served by. */
export const openApiAddress = `${(import.meta.env.VITE_API_BASE ?? "/api").replace(/\/$/, "")}/openapi.json`;

/** Long enough for a slow phone connection (the document is about 16 kB as brotli), short enough that a stalled one is said. */
const giveUpAfterMs = 30_000;

export type ReferenceLoad =
  | { state: "loading" }
  | { state: "failed"; reason: string }
  | { state: "loaded"; reference: KeyApiReference };

/** Loads the document once the page is on screen; `retry` asks again after a failure. */
export function useKeyApiReference(address = openApiAddress): [ReferenceLoad, () => void] {
  const [load, setLoad] = useState<ReferenceLoad>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Read so that each retry runs the effect again.
    void attempt;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, giveUpAfterMs);
    setLoad({ state: "loading" });
    const fail = (reason: string) => setLoad({ state: "failed", reason });
    (async () => {
      try {
        const answer = await fetch(address, {
          headers: { accept: "application/json" },
          signal: controller.signal,
        });
        if (!answer.ok) throw new Error(`The server answered ${answer.status}.`);
        const reference = keyApiReference(await answer.json());
        if (!controller.signal.aborted) setLoad({ state: "loaded", reference });
      } catch (error) {
        if (timedOut) fail("The server took too long to answer.");
        else if (controller.signal.aborted) return;
        // fetch fails with a TypeError when no answer came at all; JSON that does not parse is a SyntaxError.
        else if (error instanceof TypeError) fail("Your connection may be slow or offline.");
        else if (error instanceof SyntaxError) fail("The server's answer was not JSON.");
        else fail(error instanceof Error ? error.message : "The server's answer was not understood.");
      } finally {
        clearTimeout(timer);
      }
    })();
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [address, attempt]);

  return [load, useCallback(() => setAttempt((n) => n + 1), [])];
}
