import type { Context } from "hono";

/** A call a simulator received, as tests read it back. */
export interface ReceivedRequest {
  method: string;
  /** The path with its query string. */
  path: string;
  /** The parsed JSON body; the raw text when it was not JSON; undefined for a GET. */
  body: unknown;
}

/** A request's body as JSON, or its text when it is not JSON (simulators answer that as the real hosts do). */
export async function readJson(c: Context): Promise<{ ok: boolean; value: unknown }> {
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: text };
  }
}

/** Keeps a call as the tests read it back, before anything answers it. */
export async function recordRequest(c: Context, requests: ReceivedRequest[]): Promise<void> {
  const url = new URL(c.req.url);
  const body = c.req.method === "GET" ? undefined : (await readJson(c)).value;
  requests.push({ method: c.req.method, path: url.pathname + url.search, body });
}
