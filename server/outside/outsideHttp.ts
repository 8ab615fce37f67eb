import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

/** One call to an outside service, as the transport sends it. */
export interface OutsideRequest {
  method: "GET" | "POST";
  url: URL;
  headers: Record<string, string>;
  body?: string | Uint8Array | undefined;
  signal: AbortSignal;
}

/** What came back: the HTTP status and the whole body as text. */
export interface OutsideResponse {
  status: number;
  text: string;
}

/**
 * Sends one request and answers the whole response, or throws: `NothingSent` when the service was
 * certainly never reached, any other error when nobody knows (a reset, an abort, an answer cut off).
 * Adapters take it as an option so tests can answer for the service without a server.
 */
export type Transport = (request: OutsideRequest) => Promise<OutsideResponse>;

/**
 * The connection was refused, or the host's name did not resolve: not a byte of the request left
 * this machine, so the service cannot have acted on it. The one network error a purchase may be
 * sent elsewhere after (docs/PROVIDERS.md, "What is safe to fail over").
 */
export class NothingSent extends Error {}

const beforeAnyByte = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

/** How long a connection to a service is kept open with nothing to send. */
export const idleConnectionMs = 2_000;

/**
 * Node's own http(s) client on kept-alive connections, one pool per transport. Not `fetch`: every
 * purchase makes such a call, and fetch's WHATWG layers (a Request, Headers, a web stream for each
 * body, an abort signal chain) cost more CPU than the rest of the call on the server's one thread.
 *
 * A call reuses an open connection (on https, an agreed TLS session) instead of making its own, but
 * never one idle for `idleConnectionMs`: a server drops idle connections on its own clock (Node's
 * after 5 s, nginx's after 75 s, often without saying so), and a purchase sent on a connection the
 * server is closing that moment fails with nobody knowing whether the service got it. Idle
 * connections are let go well before.
 */
export function keptAliveTransport(): Transport {
  const options = { keepAlive: true, timeout: idleConnectionMs };
  const agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
  return ({ method, url, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const secure = url.protocol === "https:";
      const send = secure ? httpsRequest : httpRequest;
      const agent = secure ? agents.https : agents.http;
      const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
      const sent = send(url, { method, headers: { ...headers, ...length }, agent, signal }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        // A connection that closes before the whole body came is not an answer (resolve and reject
        // take only the first call, so a complete answer is unaffected).
        response.on("close", () => {
          if (!response.complete) reject(new Error(`the answer from ${url.host} was cut off`));
        });
      });
      sent.on("error", (error: NodeJS.ErrnoException) => {
        const code = error.code ?? "";
        reject(beforeAnyByte.has(code) ? new NothingSent(`${url.host}: ${code}`) : error);
      });
      sent.end(body);
    });
}

/** An answer from an outside service, its body parsed when it is JSON. */
export interface OutsideReply {
  httpStatus: number;
  json: unknown;
  /** False when the body was not JSON (an HTML error page, a truncated answer). */
  isJson: boolean;
}

export function replyOf({ status, text }: OutsideResponse): OutsideReply {
  try {
    return { httpStatus: status, json: JSON.parse(text), isJson: true };
  } catch {
    return { httpStatus: status, json: undefined, isJson: false };
  }
}

export interface OutsideClientOptions {
  baseUrl: string;
  /** Headers every call carries (the service's keys), by method. */
  headers: { GET: Record<string, string>; POST: Record<string, string> };
  /** The longest any call may take (from config): past it the call is aborted and nobody knows. */
  timeoutMs: number;
  transport: Transport;
}

/**
 * The one way an adapter talks to its service: JSON over HTTP with the service's keys, within the
 * time limit config gives (a caller may abort sooner with a signal of its own).
 */
export function outsideClient(options: OutsideClientOptions) {
  const base = new URL(options.baseUrl);
  const json = { accept: "application/json" };

  async function call(
    method: "GET" | "POST",
    path: string,
    body: string | Uint8Array | undefined,
    extra: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<OutsideReply> {
    const limit = AbortSignal.timeout(options.timeoutMs);
    const response = await options.transport({
      method,
      url: new URL(path, base),
      headers: { ...json, ...options.headers[method], ...extra },
      body,
      signal: signal ? AbortSignal.any([limit, signal]) : limit,
    });
    return replyOf(response);
  }

  return {
    get: (path: string, signal?: AbortSignal) => call("GET", path, undefined, {}, signal),
    post: (path: string, body: unknown, signal?: AbortSignal) =>
      call("POST", path, JSON.stringify(body), { "content-type": "application/json" }, signal),
    /** A body of another type (a multipart form): its bytes and their content type. */
    postRaw: (path: string, body: Uint8Array, contentType: string, signal?: AbortSignal) =>
      call("POST", path, body, { "content-type": contentType }, signal),
  };
}

export type OutsideClient = ReturnType<typeof outsideClient>;
