import type { Server as HttpServer, ServerResponse } from "node:http";
import { settledBy } from "../deadline";

/**
 * The requests a Node server is answering, so that a stop can let them finish instead of cutting
 * them: a purchase cut leaves its customer a reset connection instead of the outcome and, once the
 * database is closed under it, the purchase pending until a requery if it had not settled yet.
 */
export function trackRequests(server: HttpServer) {
  const answering = new Set<ServerResponse>();
  let draining = false;
  // One listener function for every answer, not a closure and a `once` wrapper each.
  function forget(this: ServerResponse) {
    answering.delete(this);
    // An answer whose headers went out before the drain left its connection kept alive; now idle.
    if (draining) server.closeIdleConnections();
  }
  // Before the app's own listener, which may write a quick answer's headers at once.
  server.prependListener("request", (_request, response: ServerResponse) => {
    answering.add(response);
    if (draining) response.setHeader("Connection", "close");
    response.on("close", forget);
  });

  return {
    /** Whether a stop has begun: new requests are then refused by the caller of this. */
    get draining() {
      return draining;
    },
    get inFlight() {
      return answering.size;
    },
    /**
     * Stops listening, closes idle kept-alive connections at once and each busy one after its answer
     * (`Connection: close`), and waits for the answers until `deadline`; then cuts what is left.
     * Answers how many requests were in flight when it began and how many it cut.
     */
    async drain(deadline: number): Promise<{ inFlight: number; cut: number }> {
      draining = true;
      const inFlight = answering.size;
      for (const response of answering) {
        if (!response.headersSent) response.setHeader("Connection", "close");
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (await settledBy(closed, deadline)) return { inFlight, cut: 0 };
      const cut = answering.size;
      server.closeAllConnections();
      await closed;
      return { inFlight, cut };
    },
  };
}
