import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** What the floor answers: the envelope `GET /api/status/` answers, as one fixed object. */
export const floorAnswer = {
  msg: "Emergency mode is OFF",
  data: { emergency: { enabled: false, message: "" } },
} as const;

/** An answer as the app gave it, for the floor to give byte for byte. */
export interface CopiedAnswer {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/**
 * The framework's own speed on this machine: a Hono app on @hono/node-server, from the project's own
 * node_modules, answering one JSON envelope, in this process as the app is, so the two are read under
 * the same load generator and the same share of the cores. Issue 26's targets are ratios to it. With
 * `page`, it also answers `GET /` with those bytes and headers: what the framework itself does with
 * the home page, our own work aside.
 */
export async function startFloorServer(
  page?: CopiedAnswer,
): Promise<{ origin: string; close(): Promise<void> }> {
  const app = new Hono();
  app.get("/api/status/", (c) => c.json(floorAnswer));
  if (page) app.get("/", () => new Response(page.body, { headers: page.headers }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
