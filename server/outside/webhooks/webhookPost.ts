import { type LookupAddress, type LookupAllOptions, lookup } from "node:dns";
import { request } from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Why a webhook was not sent: an address we may not reach, or a URL that is not https. */
export class WebhookAddressRefused extends Error {}

/** An address on the public internet: not private, loopback, link-local, carrier NAT, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  return ipaddr.process(address).range() === "unicast";
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The connection's own name lookup, refusing a private answer: checked on the address actually
 * connected to, so a name that resolves to a public address when checked and a private one when
 * connecting (DNS rebinding) is refused too.
 */
function guardedLookup(hostname: string, options: LookupAllOptions | object, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused)
      return callback(
        new WebhookAddressRefused(`${hostname} resolves to ${refused.address}, a private address`),
        [],
      );
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new WebhookAddressRefused(`${hostname} has no address`), []);
    callback(null, first.address, first.family);
  });
}

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Whether a private address may be reached: a test's receiver on this machine, never in production. */
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * POSTs one webhook and answers the status the receiver gave. https only; a redirect is an answer
 * like any other (never followed); the whole exchange has `timeoutMs`. A refused address, a timeout
 * or a broken connection throws.
 */
export function postWebhook(post: WebhookPost): Promise<number> {
  const url = new URL(post.url);
  if (url.protocol !== "https:")
    return Promise.reject(new WebhookAddressRefused("only https:// URLs are called"));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!post.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    return Promise.reject(new WebhookAddressRefused(`${host} is a private address`));
  return new Promise<number>((resolve, reject) => {
    const sent = request(
      url,
      {
        method: "POST",
        headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) },
        signal: AbortSignal.timeout(post.timeoutMs),
        ...(!post.allowPrivate && { lookup: guardedLookup as never }),
      },
      (answer) => {
        // The receiver's body is not ours to keep: read and dropped, so the connection can be reused.
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
        answer.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(post.body);
  });
}
