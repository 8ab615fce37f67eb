import { keptAliveTransport, outsideClient, type Transport } from "../outsideHttp";

export interface VtpassCredentials {
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

export interface VtpassClientOptions extends VtpassCredentials {
  /** The longest a call may take (`PROVIDER_TIMEOUT_MS`). */
  timeoutMs: number;
  transport?: Transport;
}

/** VTpass over HTTP: POSTs carry `api-key` and `secret-key`, GETs `api-key` and `public-key`. */
export function vtpassClient(options: VtpassClientOptions) {
  return outsideClient({
    baseUrl: options.baseUrl,
    headers: {
      GET: { "api-key": options.apiKey, "public-key": options.publicKey },
      POST: { "api-key": options.apiKey, "secret-key": options.secretKey },
    },
    timeoutMs: options.timeoutMs,
    transport: options.transport ?? keptAliveTransport(),
  });
}
