import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { MsorgTimers } from "./msorgTimers";

/**
 * How the simulator answers: with JSON, or as a real host and network misbehave. A JSON body is
 * built when it is sent, so a late answer tells the state at that moment.
 */
export type Reply =
  | { kind: "json"; status: number; body: () => unknown }
  | { kind: "non-json" } // HTTP 502 with the proxy's HTML page
  | { kind: "no-answer" } // the connection closes with nothing written
  | { kind: "late"; afterMs: number; reply: Reply };

export const jsonReply = (body: () => unknown, status = 200): Reply => ({ kind: "json", status, body });

export type SimulatorContext = Context<{ Bindings: HttpBindings }>;

const badGateway = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.18.0 (Ubuntu)</center>
</body>
</html>
`;

function closeUnanswered(c: SimulatorContext): Response {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (!outgoing) return c.text("Bad Gateway: the connection closed without an answer", 502);
  outgoing.destroy();
  return RESPONSE_ALREADY_SENT;
}

export async function sendReply(c: SimulatorContext, reply: Reply, timers: MsorgTimers): Promise<Response> {
  switch (reply.kind) {
    case "json":
      return c.json(reply.body(), reply.status as ContentfulStatusCode);
    case "non-json":
      return c.html(badGateway, 502);
    case "no-answer":
      return closeUnanswered(c);
    case "late":
      if (!(await timers.sleep(reply.afterMs, c.req.raw.signal))) return closeUnanswered(c);
      return sendReply(c, reply.reply, timers);
  }
}
