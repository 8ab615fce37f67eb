import { checkedEnvelope, routeCaller } from "./testServer";

/**
 * The API of an app running in a process of its own, called over HTTP by the route table: typed input,
 * answers checked against the envelope, data parsed. `base` may be read at each call, for a test that
 * starts the app after it names its calls.
 */
export const httpApi = (base: string | (() => string)) =>
  routeCaller(async (method, path, { body, token }) => {
    const at = typeof base === "string" ? base : base();
    const res = await fetch(`${at}/api/${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: checkedEnvelope(
        res.status,
        await res.json(),
        `${method} ${path}`,
        res.headers.get("x-request-id"),
      ),
    };
  });
