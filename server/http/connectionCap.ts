import { randomUUID } from "node:crypto";
import { isIPv6, type Server, type Socket } from "node:net";
import type { Logger } from "pino";

/** The 429 for one refused connection, with an id of its own like every other refusal. */
function refusal(): string {
  const id = randomUUID();
  const body = JSON.stringify({
    status: false,
    code: "rate_limited",
    msg: "Too many open connections from your network. Close some and try again.",
    data: null,
    req_id: id,
  });
  return [
    "HTTP/1.1 429 Too Many Requests",
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    "Retry-After: 1",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

/**
 * Whose connection it is: an IPv4 address (also when it arrives IPv6-mapped), or an IPv6 address's
 * /64, which one subscriber holds whole and could otherwise spread a flood across.
 */
export function connectionOwner(address: string): string {
  const plain = address.split("%")[0] ?? address;
  if (plain.toLowerCase().startsWith("::ffff:") && plain.includes(".")) return plain.slice(7);
  if (!isIPv6(plain)) return plain;
  const [head = "", tail] = plain.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * At most `cap` open connections per owner. One over is answered 429 in the envelope and closed at
 * once, before the HTTP parser takes the socket, so nothing it sends is read or run. A slow client
 * (slowloris) can then hold only `cap` sockets, each for at most the server's time limits.
 */
export function capConnectionsPerAddress(server: Server, cap: number, logger: Logger): void {
  const open = new Map<string, number>();
  server.prependListener("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const owner = connectionOwner(address);
    const count = open.get(owner) ?? 0;
    if (count >= cap) {
      socket.end(refusal());
      socket.destroy();
      return;
    }
    // Said once each time an owner reaches the cap, not for each connection refused after.
    if (count + 1 === cap) logger.warn({ owner, cap }, "connections: an address holds as many as it may");
    open.set(owner, count + 1);
    socket.once("close", () => {
      const left = (open.get(owner) ?? 1) - 1;
      if (left > 0) open.set(owner, left);
      else open.delete(owner);
    });
  });
}
