import { keptAliveTransport, outsideClient, type Transport } from "../outsideHttp";

export interface TermiiClientOptions {
  baseUrl: string;
  /** The longest a call may take (`PROVIDER_TIMEOUT_MS`). */
  timeoutMs: number;
  transport?: Transport;
}

/** Termii over HTTP: its key travels in each body (`api_key`), not in a header. */
export function termiiClient(options: TermiiClientOptions) {
  return outsideClient({
    baseUrl: options.baseUrl,
    headers: { GET: {}, POST: {} },
    timeoutMs: options.timeoutMs,
    transport: options.transport ?? keptAliveTransport(),
  });
}
