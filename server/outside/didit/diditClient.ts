import { keptAliveTransport, outsideClient, type Transport } from "../outsideHttp";

export interface DiditCredentials {
  /** `https://verification.didit.me/`, or the simulator's address; ends in a slash. */
  baseUrl: string;
  apiKey: string;
}

export interface DiditClientOptions extends DiditCredentials {
  /** The longest a call may take (`PROVIDER_TIMEOUT_MS`). */
  timeoutMs: number;
  transport?: Transport;
}

/** Didit over HTTP: every call carries the API key in `x-api-key`; forms go as multipart. */
export function diditClient(options: DiditClientOptions) {
  const key = { "x-api-key": options.apiKey };
  const http = outsideClient({
    baseUrl: options.baseUrl,
    headers: { GET: key, POST: key },
    timeoutMs: options.timeoutMs,
    transport: options.transport ?? keptAliveTransport(),
  });
  return {
    /** A multipart form, encoded as fetch would (its boundary in the content type) but sent on our transport. */
    async postForm(path: string, form: FormData, signal?: AbortSignal) {
      const encoded = new Response(form);
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const contentType = encoded.headers.get("content-type") ?? "multipart/form-data";
      return http.postRaw(path, bytes, contentType, signal);
    },
  };
}
