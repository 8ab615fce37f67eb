import { Agent, request } from "node:http";

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * JSON over HTTP/1.1 to the app, on kept-alive connections (at most `connections` open at once, one
 * per closed-loop worker), as a browser or mobile client would hold them.
 */
export function httpClient(origin: string, connections: number) {
  let agent = new Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(origin);

  function post(path: string, body: unknown, token?: string): Promise<HttpAnswer> {
    const payload = Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = {
      "content-type": "application/json",
      "content-length": payload.length,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      const sent = request(
        { agent, host: base.hostname, port: base.port, method: "POST", path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // Not JSON: kept as text, for the error report.
            }
            resolve({ status: response.statusCode ?? 0, body: parsed });
          });
        },
      );
      sent.on("error", reject);
      sent.end(payload);
    });
  }

  return {
    post,
    /**
     * Closes every connection and starts afresh. Called between points, when nothing is in flight: a
     * connection left idle meanwhile (setup, the postings run) may be closed by the server just as it
     * is reused, and that reset would be counted against the purchase sent on it.
     */
    freshConnections() {
      agent.destroy();
      agent = new Agent({ keepAlive: true, maxSockets: connections });
    },
    close: () => agent.destroy(),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
