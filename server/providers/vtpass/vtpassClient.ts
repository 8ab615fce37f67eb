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

/**
 * VTpass over HTTP: POSTs carry `api-key` and `secret-key`, GETs `api-key` and `public-key`.
 * Network errors (a reset, an abort) are thrown for the caller to treat as "nobody knows".
 */
export function vtpassClient(credentials: VtpassCredentials, fetcher: typeof fetch = fetch) {
  const url = (path: string) => new URL(path, credentials.baseUrl).toString();

  async function reply(response: Response): Promise<VtpassReply> {
    const text = await response.text();
    try {
      return { httpStatus: response.status, json: JSON.parse(text), isJson: true };
    } catch {
      return { httpStatus: response.status, json: undefined, isJson: false };
    }
  }

  return {
    async post(path: string, body: Record<string, unknown>, signal: AbortSignal): Promise<VtpassReply> {
      const response = await fetcher(url(path), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "api-key": credentials.apiKey,
          "secret-key": credentials.secretKey,
        },
        body: JSON.stringify(body),
        signal,
      });
      return reply(response);
    },
    async get(path: string, signal: AbortSignal): Promise<VtpassReply> {
      const response = await fetcher(url(path), {
        headers: {
          accept: "application/json",
          "api-key": credentials.apiKey,
          "public-key": credentials.publicKey,
        },
        signal,
      });
      return reply(response);
    },
  };
}
