/**
 * The load worker's thread (started by loadGenerator.ts): one HTTP client to the app, and for each
 * request from the bench one closed loop of purchases, answered with its counts and latencies.
 */
import { parentPort, workerData } from "node:worker_threads";
import { closedLoop } from "./closedLoop";
import { httpClient } from "./httpClient";
import type { LoadAnswer, LoadRequest, LoadSetup } from "./loadGenerator";
import { purchaseOperation, recipients } from "./purchaseLoad";

const setup = workerData as LoadSetup;
const port = parentPort;
if (!port) throw new Error("loadWorker.ts runs only as the load generator's worker thread");
const client = httpClient(setup.origin, setup.connections);
// One sequence of phone numbers for the whole run, so no two purchases within 30 seconds share one.
const nextPhone = recipients(setup.firstPhone ?? 0);

port.on("message", async (request: LoadRequest) => {
  let answer: LoadAnswer;
  try {
    if (request.freshConnections) client.freshConnections();
    const operation = purchaseOperation(client, setup.customers, request.scenario, nextPhone);
    const result = await closedLoop(request.concurrency, request.seconds, operation);
    answer = { ok: true, ...result, errors: [...result.errors] };
  } catch (error) {
    answer = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
