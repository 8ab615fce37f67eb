/**
 * The simulated VTpass's thread (started by vtpassThread.ts): the simulator the app would serve
 * itself, behind an HTTP server of its own on a free loopback port. It answers 503 until it is told
 * where the app's webhooks go.
 */
import type { AddressInfo } from "node:net";
import { parentPort } from "node:worker_threads";
import { serve } from "@hono/node-server";
import { systemClock } from "../../server/clock";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import {
  createVtpassSimulator,
  type VtpassSimulator,
} from "../../server/outside/vtpass/simulator/vtpassSimulator";

const port = parentPort;
if (!port) throw new Error("vtpassWorker.ts runs only as the bench's VTpass thread");

let simulator: VtpassSimulator | undefined;
const server = serve({
  fetch: (request, env) =>
    simulator ? simulator.app.fetch(request, env) : new Response("starting", { status: 503 }),
  port: 0,
  hostname: "127.0.0.1",
});
server.once("listening", () => {
  port.postMessage({ port: (server.address() as AddressInfo).port });
});

port.on("message", (message: { appOrigin: string }) => {
  simulator = createVtpassSimulator({
    keys: simulatorKeys.vtpass,
    clock: systemClock,
    journalPath: null,
    latencyMs: 0,
    webhookUrl: `${message.appOrigin}/api/webhooks/vtpass/`,
    // Enough for any run: the bench buys ₦100 at a time, and a merchant wallet that ran dry would fail it.
    merchantBalance: 1e15,
  });
  port.postMessage({ ready: true });
});
