import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { SimulatorTimers } from "./vtpassTimers";

/**
 * How the simulator answers a request: with JSON, or the ways a real host and network misbehave.
 * A JSON body is built when it is sent, so a late answer tells the state at that moment.
 */
export type Reply =
  | { kind: "json"; status: number; body: () => unknown }
  | { kind: "non-json" } // HTTP 500 with an HTML error page
  | { kind: "drop" } // the answer starts, then the connection closes mid-body
  | { kind: "no-answer" } // the connection closes with nothing written
  | { kind: "hang" } // nothing, until the client gives up
  | { kind: "late"; afterMs: number; reply: Reply };

export const jsonReply = (body: () => unknown, status = 200): Reply => ({ kind: "json", status, body });

export type SimulatorContext = Context<{ Bindings: HttpBindings }>;

const errorPage = `<!DOCTYPE html>
<html>
<head><title>500 Internal Server Error</title></head>
<body>
<center><h1>500 Internal Server Error</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

/** The node response, when there is one (not through `app.request` in-process). */
const nodeResponse = (c: SimulatorContext) => (c.env as Partial<HttpBindings> | undefined)?.outgoing;

function closeUnanswered(c: SimulatorContext): Response {
  const outgoing = nodeResponse(c);
  if (!outgoing) return c.text("Bad Gateway: the connection closed without an answer", 502);
  outgoing.destroy();
  return RESPONSE_ALREADY_SENT;
}

function dropMidAnswer(c: SimulatorContext): Response {
  const outgoing = nodeResponse(c);
  if (!outgoing) return c.text("Bad Gateway: the connection closed mid-answer", 502);
  outgoing.writeHead(200, { "content-type": "application/json" });
  outgoing.write('{"code":"000","content":{"transac', () => outgoing.destroy());
  return RESPONSE_ALREADY_SENT;
}

export async function sendReply(
  c: SimulatorContext,
  reply: Reply,
  timers: SimulatorTimers,
): Promise<Response> {
  switch (reply.kind) {
    case "json":
      return c.json(reply.body(), reply.status as ContentfulStatusCode);
    case "non-json":
      return c.html(errorPage, 500);
    case "drop":
      return dropMidAnswer(c);
    case "no-answer":
      return closeUnanswered(c);
    case "hang":
      // Ends only when the client disconnects (node-server aborts the request's signal) or on close().
      await timers.sleep(null, c.req.raw.signal);
      return closeUnanswered(c);
    case "late":
      if (!(await timers.sleep(reply.afterMs, c.req.raw.signal))) return closeUnanswered(c);
      return sendReply(c, reply.reply, timers);
  }
}

/** `reply`, sent after `afterMs` (unless the client has gone by then). */
export const lateReply = (afterMs: number, reply: Reply): Reply => ({ kind: "late", afterMs, reply });
