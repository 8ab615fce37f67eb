import { createHmac } from "node:crypto";

/**
 * `X-OjaPay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the key's
 * signing secret: the receiver recomputes it over the raw body, and refuses a `t` too old, so a
 * delivery copied off the wire cannot be played again later.
 */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}
