import { serve } from "@hono/node-server";
import { type Clock, systemClock } from "../../../server/clock";
import { createPaystackSimulator } from "../../../server/outside/paystack/simulator/paystackSimulator";
import { createVtpassSimulator } from "../../../server/outside/vtpass/simulator/vtpassSimulator";
import { freePort } from "../../support/freePort";

type Pass = () => Response | Promise<Response>;

/**
 * VTpass and Paystack simulated outside the app under test, each on a port of its own, for tests that
 * run the real server as a child process and stop, kill or restart it: the providers must outlive it,
 * as the real ones do. Every VTpass request goes through `vtpassGate`, which may hold, lose or pass it.
 * `env` points a server at them (with `SIMULATORS=off`).
 */
export async function startOutsideProviders(options: {
  /** Names the test's own keys, so no two tests' simulators take each other's. */
  name: string;
  vtpassGate: (request: Request, pass: Pass) => Response | Promise<Response>;
  vtpassWebhookUrl: string | null;
  paystackWebhookUrl: string;
  timeoutAnswerMs?: number;
  /** The simulators' clock: the system's, or the moved one a child app runs on (movedClockMain.ts). */
  clock?: Clock;
}) {
  const clock = options.clock ?? systemClock;
  const keys = {
    apiKey: `${options.name}-test-api-key`,
    publicKey: `PK_${options.name}_test_public`,
    secretKey: `SK_${options.name}_test_secret`,
  };
  const paystackKey = `sk_test_${options.name}_test_secret_key`;
  const vtpass = createVtpassSimulator({
    keys,
    clock,
    journalPath: null,
    latencyMs: 0,
    settleAfterMs: null,
    ...(options.timeoutAnswerMs !== undefined && { timeoutAnswerMs: options.timeoutAnswerMs }),
    webhookUrl: options.vtpassWebhookUrl,
  });
  const paystack = createPaystackSimulator({
    secretKey: paystackKey,
    publicUrl: "http://127.0.0.1:1/paystack",
    webhookUrl: options.paystackWebhookUrl,
    clock,
    journalPath: null,
    latencyMs: 0,
  });
  const vtpassPort = await freePort();
  const paystackPort = await freePort();
  const servers = [
    serve({
      fetch: (request, env) => options.vtpassGate(request, () => vtpass.app.fetch(request, env)),
      port: vtpassPort,
      hostname: "127.0.0.1",
    }),
    serve({ fetch: paystack.app.fetch, port: paystackPort, hostname: "127.0.0.1" }),
  ];
  return {
    vtpass,
    env: {
      VTPASS_BASE_URL: `http://127.0.0.1:${vtpassPort}/api/`,
      VTPASS_API_KEY: keys.apiKey,
      VTPASS_PUBLIC_KEY: keys.publicKey,
      VTPASS_SECRET_KEY: keys.secretKey,
      PAYSTACK_BASE_URL: `http://127.0.0.1:${paystackPort}/`,
      PAYSTACK_SECRET_KEY: paystackKey,
    },
    close() {
      for (const server of servers) server.close();
      vtpass.close();
      paystack.close();
    },
  };
}
