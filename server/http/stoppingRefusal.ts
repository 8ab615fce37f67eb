import { simulatorPaths } from "../integrations";
import { Refusal } from "../refusal";
import { healthPaths } from "./healthChecks";
import { refusalBody } from "./refusalAnswer";
import { requestIdFor } from "./requestId";

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

const restarting = new Refusal("service_unavailable", "The server is restarting. Try again in a moment.");

/**
 * What a stopping server still answers: the health checks (readiness says 503 itself), and the
 * simulators, which stand in for the outside world the purchases in flight are waiting on.
 */
const stillAnswered = [healthPaths.live, healthPaths.ready, ...Object.values(simulatorPaths)];
const isStillAnswered = (url: string) => {
  const path = new URL(url).pathname;
  return stillAnswered.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

/**
 * `handle`, but once `stopping`, a request arriving on a kept-alive connection is new work: refused
 * 503 (the connection then closes), so the client or proxy retries it on an instance that stays.
 */
export function refusingWhileStopping(stopping: () => boolean, handle: Fetch): Fetch {
  return (request, env) => {
    if (!stopping() || isStillAnswered(request.url)) return handle(request, env);
    // Like every refusal, it names itself in its body and its header.
    const id = requestIdFor(request.headers.get("x-request-id"));
    const body = JSON.stringify(refusalBody(restarting, id));
    return new Response(body, {
      status: 503,
      headers: {
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        "Retry-After": "1",
        "X-Request-Id": id,
      },
    });
  };
}
