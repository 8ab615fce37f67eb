import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

/** What every simulator has: its HTTP app, and a close that stops its timers. */
interface Simulator {
  app: { fetch: (request: Request) => Response | Promise<Response> };
  close(): void;
}

/**
 * A simulator served on a free loopback port, so an adapter reaches it over real HTTP as it would the
 * real host: its origin (`http://127.0.0.1:<port>/`), and a stop that ends the simulator and every
 * connection still open.
 */
export async function serveOnLoopback(simulator: Simulator) {
  const http = serve({ fetch: simulator.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => http.once("listening", resolve));
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        simulator.close();
        http.close(() => resolve());
        if ("closeAllConnections" in http) http.closeAllConnections();
      }),
  };
}
