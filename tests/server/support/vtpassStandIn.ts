import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { simulatorKeys } from "../../../server/outside/simulation/simulatorKeys";
import { createVtpassProvider } from "../../../server/outside/vtpass/vtpassProvider";

/** What the stand-in was asked: the path after /api/ and the body's text. */
export interface StandInCall {
  path: string;
  body: string;
}

/**
 * A stand-in VTpass on a raw HTTP server, answering each call with `answer` (given the call, so one
 * stand-in can answer `merchant-verify` and `pay` apart), and the VTpass adapter pointed at it; it
 * counts connections.
 */
export async function vtpassStandIn(answer: (response: ServerResponse, call: StandInCall) => void) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () =>
      answer(response, {
        path: (request.url ?? "").replace(/^\/api\//, ""),
        body: Buffer.concat(chunks).toString("utf8"),
      }),
    );
  });
  let connections = 0;
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  return {
    provider: createVtpassProvider({ baseUrl: url, ...simulatorKeys.vtpass, timeoutMs: 10_000 }),
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
