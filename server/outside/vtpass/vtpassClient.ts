import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

/** One answer from VTpass: the HTTP status and the body, parsed when it is JSON. */
export interface VtpassReply {
  httpStatus: number;
  json: unknown;
  /** False when the body was not JSON (an HTML error page, a truncated answer). */
  isJson: boolean;
}

export interface VtpassCredentials {
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

/** How long a connection to VTpass is kept open with nothing to send. */
export const idleConnectionMs = 2_000;

function reply(httpStatus: number, text: string): VtpassReply {
  try {
    return { httpStatus, json: JSON.parse(text), isJson: true };
  } catch {
    return { httpStatus, json: undefined, isJson: false };
  }
}

/**
 * VTpass over HTTP: POSTs carry `api-key` and `secret-key`, GETs `api-key` and `public-key`.
 * Network errors (a reset, an abort, an answer cut off) are thrown for the caller to treat as
 * "nobody knows".
 *
 * Node's own http(s) client on kept-alive connections rather than `fetch`: every purchase makes this
 * call, and fetch's WHATWG layers (a Request, Headers, a web stream for each body, an abort signal
 * chain) cost more CPU than the rest of the call on the server's one thread.
 */
export function vtpassClient(credentials: VtpassCredentials) {
  const base = new URL(credentials.baseUrl);
  const secure = base.protocol === "https:";
  // A purchase reuses an open connection (on https, an agreed TLS session) instead of making its own,
  // but never one idle for `idleConnectionMs`: a server drops idle connections on its own clock
  // (Node's after 5 s, nginx's after 75 s, often without saying so), and a purchase sent on a
  // connection the server is closing that moment fails with nobody knowing whether VTpass got it,
  // which leaves the purchase pending until a requery. Idle connections are let go well before.
  const options = { keepAlive: true, timeout: idleConnectionMs };
  const agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
  const send = secure ? httpsRequest : httpRequest;

  function call(
    method: "GET" | "POST",
    path: string,
    headers: OutgoingHttpHeaders,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<VtpassReply> {
    return new Promise((resolve, reject) => {
      const sent = send(new URL(path, base), { method, headers, agent, signal }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve(reply(response.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"))),
        );
        // A connection that closes before the whole body came is not an answer (resolve and reject
        // take only the first call, so a complete answer is unaffected).
        response.on("close", () => {
          if (!response.complete) reject(new Error("VTpass's answer was cut off"));
        });
      });
      sent.on("error", reject);
      sent.end(body);
    });
  }

  return {
    post(path: string, body: Record<string, unknown>, signal: AbortSignal): Promise<VtpassReply> {
      const payload = JSON.stringify(body);
      return call(
        "POST",
        path,
        {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          accept: "application/json",
          "api-key": credentials.apiKey,
          "secret-key": credentials.secretKey,
        },
        payload,
        signal,
      );
    },
    get(path: string, signal: AbortSignal): Promise<VtpassReply> {
      return call(
        "GET",
        path,
        { accept: "application/json", "api-key": credentials.apiKey, "public-key": credentials.publicKey },
        undefined,
        signal,
      );
    },
  };
}
