/**
 * A simulated provider's thread (started by simulatorThreads.ts): the simulator the app would serve
 * itself, VTpass's or the SME-data vendor's, behind an HTTP server of its own on a free loopback port.
 * VTpass answers 503 until it is told where the app's webhooks go; the vendor sends none and answers
 * at once. VTpass can be told to refuse a share of its pay requests with its definite failure (016)
 * without buying, so those purchases fail over to the vendor.
 */
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import type { HttpBindings } from "@hono/node-server";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { systemClock } from "../../server/clock";
import { createMsorgSimulator } from "../../server/outside/msorg/simulator/msorgSimulator";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { createVtpassSimulator } from "../../server/outside/vtpass/simulator/vtpassSimulator";
import type { SimulatorAsk, SimulatorThreadSetup } from "./simulatorThreads";
import { createRefusalShare, vtpassDefiniteFailure } from "./vtpassRefusals";

const port = parentPort;
if (!port) throw new Error("simulatorWorker.ts runs only as one of the bench's simulator threads");
const { provider } = workerData as SimulatorThreadSetup;

// Enough for any run: the bench buys ₦100 at a time, and a provider's wallet that ran dry would fail it.
const endlessKobo = 1e15;
// Nothing the bench buys is left processing or answered late; these only have to be set.
const settleAfterMs = null;
const timeoutAnswerMs = 60_000;

type SimulatorApp = Pick<Hono<{ Bindings: HttpBindings }>, "fetch">;
let simulator: SimulatorApp | undefined;
let stop = () => {};
if (provider === "msorg") {
  const msorg = createMsorgSimulator({
    token: simulatorKeys.msorg.token,
    clock: systemClock,
    journalPath: null,
    latencyMs: 0,
    settleAfterMs,
    timeoutAnswerMs,
    walletBalance: endlessKobo,
  });
  simulator = msorg.app;
  stop = msorg.close;
}

const refusals = createRefusalShare();
const isPay = (request: Request) =>
  request.method === "POST" && new URL(request.url).pathname.replace(/\/$/, "") === "/api/pay";

async function answer(request: Request, env: Parameters<SimulatorApp["fetch"]>[1]): Promise<Response> {
  if (!simulator) return new Response("starting", { status: 503 });
  if (provider === "vtpass" && isPay(request) && refusals.refuseNext()) {
    // VTpass reads the order before it refuses it; nothing is bought, so a requery would find nothing.
    await request.arrayBuffer();
    return Response.json(vtpassDefiniteFailure);
  }
  return simulator.fetch(request, env);
}

const server = serve({ fetch: (request, env) => answer(request, env), port: 0, hostname: "127.0.0.1" });
server.once("listening", () => {
  port.postMessage({ port: (server.address() as AddressInfo).port });
});

port.on("message", ({ id, ask }: { id: number; ask: SimulatorAsk }) => {
  try {
    if (ask.kind === "webhooksTo") {
      if (provider !== "vtpass") throw new Error("only VTpass sends webhooks");
      stop();
      const vtpass = createVtpassSimulator({
        keys: simulatorKeys.vtpass,
        clock: systemClock,
        journalPath: null,
        latencyMs: 0,
        webhookUrl: `${ask.appOrigin}/api/webhooks/vtpass/`,
        merchantBalance: endlessKobo,
      });
      simulator = vtpass.app;
      stop = vtpass.close;
    } else {
      if (provider !== "vtpass") throw new Error("only VTpass's pay requests can be refused");
      refusals.set(ask.share);
    }
    port.postMessage({ id });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
