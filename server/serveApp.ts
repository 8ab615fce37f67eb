import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import type { Config } from "./config";
import type { AppDeps } from "./deps";
import { capConnectionsPerAddress } from "./http/connectionCap";
import { trackRequests } from "./http/requestDrain";
import { requestIdFor } from "./http/requestId";
import { refusingWhileStopping } from "./http/stoppingRefusal";
import { createIntegrations, type IntegrationOptions } from "./integrations";
import { createOutbox } from "./mail/outbox";
import { createMetrics } from "./metrics/appMetrics";
import { createSmsSending } from "./services/sms/smsSender";
import { recordSmsSwitch } from "./services/sms/smsSwitch";

export type BaseDeps = Omit<
  AppDeps,
  "provider" | "providers" | "gateway" | "identity" | "simulators" | "outbox" | "metrics" | "sms"
>;

/** Loopback for a server listening on every address; the address itself otherwise. */
function originOf(host: string, port: number): string {
  if (host === "0.0.0.0" || host === "::" || host === "localhost") return `http://127.0.0.1:${port}`;
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/** What a request gets before the app is built: 503, its id (a proxy's, or a new one) answered as every answer's is. */
export const startingAnswer = (request: Request): Response =>
  new Response("starting", {
    status: 503,
    headers: { "X-Request-Id": requestIdFor(request.headers.get("x-request-id")) },
  });

/**
 * Listens first, then builds the app: the adapters reach the simulators this same server serves,
 * so they need the port it got (PORT=0 asks for any free one). Until the app is ready, requests
 * answer 503.
 */
export async function serveApp(
  config: Config,
  base: BaseDeps,
  options: {
    serveSpa?: boolean;
    journalDir: string | null;
    simulatorTiming?: IntegrationOptions["simulatorTiming"];
    vtpassBaseUrl?: IntegrationOptions["vtpassBaseUrl"];
    msorgBaseUrl?: IntegrationOptions["msorgBaseUrl"];
  },
) {
  let handle: (request: Request, env: unknown) => Response | Promise<Response> = startingAnswer;
  const limits = config.connections;
  const server = serve({
    fetch: refusingWhileStopping(
      () => requests.draining,
      (request, env) => handle(request, env),
    ),
    port: config.port,
    hostname: config.host,
    // Node's own limits are 60 s for headers and 300 s for a request, so a client sending a byte at a
    // time held a connection for minutes; these are what an API of small JSON bodies needs. Node checks
    // them every connectionsCheckingInterval (30 s by default), so that follows the headers' limit.
    serverOptions: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  }) as HttpServer;
  const requests = trackRequests(server);
  if (limits.maxPerAddress > 0) capConnectionsPerAddress(server, limits.maxPerAddress, base.logger);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  const origin = originOf(config.host, port);
  const publicUrl = config.publicUrl === "http://localhost:0" ? `http://localhost:${port}` : config.publicUrl;

  const integrations = createIntegrations(config, {
    origin,
    publicUrl,
    clock: base.clock,
    journalDir: options.journalDir,
    ...(options.simulatorTiming && { simulatorTiming: options.simulatorTiming }),
    ...(options.vtpassBaseUrl && { vtpassBaseUrl: options.vtpassBaseUrl }),
    ...(options.msorgBaseUrl && { msorgBaseUrl: options.msorgBaseUrl }),
  });
  const outbox = createOutbox({ ...base, config });
  const { smsGateway, ...outside } = integrations;
  await recordSmsSwitch(base, smsGateway !== null);
  // Counted only where someone may read it: without a token nothing is counted or served.
  const metrics = config.metricsToken ? createMetrics(base) : null;
  const deps: AppDeps = {
    ...base,
    config: { ...config, publicUrl },
    ...outside,
    provider: integrations.providers.list[0] as AppDeps["provider"],
    outbox,
    sms: smsGateway && createSmsSending({ ...base, config, gateway: smsGateway, metrics }),
    metrics,
  };
  const app = createApp(deps, {
    serveSpa: options.serveSpa ?? true,
    stopping: () => requests.draining,
  });
  handle = (request, env) => app.fetch(request, env);

  let closing: Promise<{ inFlight: number; cut: number }> | undefined;
  return {
    app,
    deps,
    port,
    origin,
    /** Requests being answered now. */
    inFlight: () => requests.inFlight,
    /**
     * Stops taking requests and lets those in flight finish until `deadline` (a `Date.now()` time;
     * by default none: every connection is cut at once, as tests want, whose simulated providers may
     * never answer), then closes the simulators. Answers how many requests were in flight and cut.
     */
    close(deadline = 0) {
      closing ??= requests.drain(deadline).then((drained) => {
        integrations.simulators?.vtpass.close();
        integrations.simulators?.msorg.close();
        integrations.simulators?.paystack.close();
        return drained;
      });
      return closing;
    },
  };
}
