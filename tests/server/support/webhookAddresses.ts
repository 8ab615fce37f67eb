/**
 * IPv6 addresses that reach a private, loopback, link-local or unspecified IPv4 address (or may, through
 * a tunnel or translator), each refused as a webhook's address (issue 34: `::127.0.0.1` was let through).
 */
export const ipv6CarryingPrivate = [
  // IPv4-compatible (::a.b.c.d, deprecated): refused whatever it carries, a public address too.
  "::127.0.0.1",
  "::10.0.0.1",
  "::169.254.169.254",
  "::192.168.1.1",
  "::8.8.8.8",
  // IPv4-mapped.
  "::ffff:127.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:0.0.0.0",
  "0:0:0:0:0:ffff:7f00:1",
  // NAT64, the well-known prefix carrying a private address, and the local-use prefix whatever it carries.
  "64:ff9b::127.0.0.1",
  "64:ff9b::10.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::10.0.0.1",
  "64:ff9b:1::8.8.8.8",
  // 6to4 (2002:<IPv4>::/48): 127.0.0.1, 10.0.0.1, 192.168.1.1, 169.254.169.254, and 8.8.8.8 too.
  "2002:7f00:1::1",
  "2002:a00:1::1",
  "2002:c0a8:101::1",
  "2002:a9fe:a9fe::1",
  "2002:808:808::1",
  // Teredo (2001:0::/32): the client's address is hidden in the last 32 bits, the server's in the next.
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2001:0:7f00:1::80ff:fffe",
  // The unspecified address, however written.
  "::",
  "0:0:0:0:0:0:0:0",
] as const;

/** IPv6 addresses a webhook may go to: global unicast, and NAT64's well-known prefix carrying a public IPv4 address. */
export const ipv6Public = [
  "2001:4860:4860::8888",
  "2a00:1450:4001:82a::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::8.8.8.8",
  "64:ff9b::102.89.3.4",
] as const;
