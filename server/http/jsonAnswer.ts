import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * A JSON answer that states its length. compress() reads Content-Length first and lets an answer
 * under its threshold (1 kB: nearly every API answer) go as it is; without it, it takes every JSON
 * answer for a large one and adds its Vary header through c.header, which turns the server's light
 * Response into a web Response and its text into a ReadableStream, on each request.
 */
export function jsonAnswer(c: Context, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(body);
  return c.body(text, status, {
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
  });
}
