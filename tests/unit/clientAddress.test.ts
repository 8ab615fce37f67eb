import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../server/http/clientAddress";

async function seenAs(trustProxy: number, forwardedFor?: string) {
  const app = new Hono();
  app.get("/", (c) => c.text(String(clientAddress(c, trustProxy))));
  const res = await app.request("/", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  return res.text();
}

describe("clientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    expect(await seenAs(0, "203.0.113.1")).toBe("null");
  });

  it("takes the entry as many places from the right as there are proxies of ours", async () => {
    expect(await seenAs(1, "6.6.6.6, 203.0.113.1")).toBe("203.0.113.1");
    expect(await seenAs(2, "6.6.6.6, 203.0.113.1, 10.0.0.2")).toBe("203.0.113.1");
    expect(await seenAs(3, "203.0.113.1, 10.0.0.2")).toBe("203.0.113.1");
  });
});
