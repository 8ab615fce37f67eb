import { randomUUID } from "node:crypto";
import { globalAgent, createServer as httpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

export interface ReceivedHook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A reseller's webhook endpoint: https on 127.0.0.1 with a certificate made for the test, which this
 * process is told to trust. Answers each POST with the next status queued (200 when none), or holds
 * it unanswered while `hang` is on.
 */
export async function startWebhookReceiver() {
  // A name of its own: server test files share a worker (isolate: false), so an earlier file's
  // receiver is trusted too, and OpenSSL finds a self-signed certificate's issuer by its name: two
  // named alike, the first is taken for the second's issuer and the second is refused. The address
  // is in subjectAltName, which is what the connection checks.
  const pems = await generate([{ name: "commonName", value: `ojapay-test-receiver-${randomUUID()}` }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  // The app's https requests in this process go through the global agent: it trusts the test's CA too.
  const trusted = globalAgent.options.ca;
  globalAgent.options.ca = [...(Array.isArray(trusted) ? trusted : trusted ? [trusted] : []), pems.cert];
  const received: ReceivedHook[] = [];
  const statuses: number[] = [];
  const state = { hang: false };
  const server = httpsServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      if (state.hang) return;
      const status = statuses.shift() ?? 200;
      res.writeHead(status, status === 302 ? { location: "https://127.0.0.1:1/elsewhere" } : {});
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://127.0.0.1:${port}/hooks/ojapay`,
    port,
    cert: pems.cert,
    received,
    /** Statuses for the next POSTs, in order. */
    answer: (...next: number[]) => statuses.push(...next),
    hang: (on: boolean) => {
      state.hang = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
