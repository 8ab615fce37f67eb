import { keptAliveTransport, outsideClient, type Transport } from "../outsideHttp";

export interface MsorgClientOptions {
  /** `https://<vendor host>/api/`. */
  baseUrl: string;
  /** The API token from the vendor's dashboard. */
  token: string;
  /** The longest a call may take (`PROVIDER_TIMEOUT_MS`). */
  timeoutMs: number;
  transport?: Transport;
}

/** An SME-data vendor over HTTP: Django REST framework's token authentication on every call. */
export function msorgClient(options: MsorgClientOptions) {
  const authorization = { authorization: `Token ${options.token}` };
  return outsideClient({
    baseUrl: options.baseUrl,
    headers: { GET: authorization, POST: authorization },
    timeoutMs: options.timeoutMs,
    transport: options.transport ?? keptAliveTransport(),
  });
}
