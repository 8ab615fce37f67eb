import { keptAliveTransport, outsideClient, type Transport } from "../outsideHttp";

export interface PaystackCredentials {
  baseUrl: string;
  secretKey: string;
}

export interface PaystackClientOptions extends PaystackCredentials {
  /** The longest a call may take (`PROVIDER_TIMEOUT_MS`). */
  timeoutMs: number;
  transport?: Transport;
}

/** Paystack over HTTP: every call carries the secret key as a Bearer token. */
export function paystackClient(options: PaystackClientOptions) {
  const authorization = { authorization: `Bearer ${options.secretKey}` };
  return outsideClient({
    baseUrl: options.baseUrl,
    headers: { GET: authorization, POST: authorization },
    timeoutMs: options.timeoutMs,
    transport: options.transport ?? keptAliveTransport(),
  });
}
