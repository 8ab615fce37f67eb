import { type LookupAddress, type LookupAllOptions, lookup } from "node:dns";
import { request } from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Why a webhook was not sent: an address we may not reach, or a URL that is not https. */
export class WebhookAddressRefused extends Error {}

/** IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291); the unspecified and loopback addresses are in it too. */
const ipv4Compatible = ipaddr.parseCIDR("::/96");
/** NAT64's well-known prefix (RFC 6052): what a DNS64 resolver answers for a host with only an IPv4 address. */
const nat64WellKnown = ipaddr.parseCIDR("64:ff9b::/96");

/**
 * An address on the public internet: not private, loopback, link-local, carrier NAT, multicast,
 * unspecified or reserved, by ipaddr.js's ranges. An IPv6 address that carries an IPv4 one is judged
 * by it or refused: IPv4-mapped (::ffff:a.b.c.d) and NAT64's well-known prefix (64:ff9b::a.b.c.d,
 * which RFC 6052 keeps for global IPv4 addresses) are judged as the IPv4 address they carry;
 * IPv4-compatible (::a.b.c.d), NAT64's local-use prefix (64:ff9b:1::/48, a site's own translator),
 * 6to4 (2002::/16) and Teredo (2001::/32) are refused whatever they carry: each reaches an IPv4
 * address through a tunnel or translator whose far end cannot be judged here.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === "unicast";
  if (family !== 6) return false;
  const v6 = asConnected(address);
  if (!v6) return false;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  if (v6.match(nat64WellKnown)) return ipaddr.fromByteArray(v6.toByteArray().slice(12)).range() === "unicast";
  if (v6.match(ipv4Compatible)) return false;
  return v6.range() === "unicast";
}

/**
 * An IPv6 address as a socket reads it. ipaddr.js reads `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`),
 * but a socket connects to the IPv4-compatible `::a.b.c.d` it says (inet_pton, RFC 4291), and
 * getaddrinfo writes such answers that way. So the address goes through Node's own parser (the URL's,
 * which writes every group in hex) first; one it cannot read (a zone index) is null, and refused.
 */
function asConnected(address: string): ipaddr.IPv6 | null {
  let host: string;
  try {
    host = new URL(`https://[${address}]/`).hostname;
  } catch {
    return null;
  }
  return ipaddr.IPv6.parse(host.slice(1, -1));
}

/**
 * The host of `url` when it is an address written out (not a name) that is not public, else null:
 * refused when the URL is set and again before connecting. A name is judged on the addresses it
 * resolves to as the connection is made (`guardedLookup`).
 */
export function privateAddressIn(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return isIP(host) !== 0 && !isPublicAddress(host) ? host : null;
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
  const host = post.allowPrivate ? null : privateAddressIn(url);
  if (host !== null) return Promise.reject(new WebhookAddressRefused(`${host} is a private address`));
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
