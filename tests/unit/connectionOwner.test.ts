import { describe, expect, it } from "vitest";
import { connectionOwner } from "../../server/http/connectionCap";

describe("connectionOwner", () => {
  it("counts an IPv4 address as itself, whether or not it arrives IPv6-mapped", () => {
    expect(connectionOwner("203.0.113.7")).toBe("203.0.113.7");
    expect(connectionOwner("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const owner = "2001:db8:0:12::/64";
    for (const address of [
      "2001:db8:0:12::1",
      "2001:db8:0:12:ffff:ffff:ffff:fffe",
      "2001:0DB8:0000:0012:0:0:0:9",
      "2001:db8:0:12::7%eth0",
    ]) {
      expect(connectionOwner(address), address).toBe(owner);
    }
    expect(connectionOwner("2001:db8:0:13::1")).not.toBe(owner);
    expect(connectionOwner("::1")).toBe("0:0:0:0::/64");
  });
});
