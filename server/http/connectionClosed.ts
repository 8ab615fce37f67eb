import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * Whether the caller's connection closed before the answer: the client gave up (a phone leaving
 * coverage, a tab closed) or a time limit cut it off. Whatever failed then, most often reading the
 * body, is no fault of ours, and nobody is left to read an answer.
 */
export function connectionClosed(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return false;
  return incoming.socket?.destroyed === true || (incoming.destroyed && !incoming.complete);
}
