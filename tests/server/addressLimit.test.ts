import { describe, expect, it } from "vitest";
import { serverForFile } from "./support/serverForFile";

// Behind one proxy of ours, three requests a minute per address to the guarded endpoints.
const server = serverForFile({ TRUST_PROXY: "1", ADDRESS_LIMIT_PER_MINUTE: "3" });

const signIn = (forwardedFor: string) =>
  server.call("POST", "auth/login/", {
    body: { email: "someone@example.com", password: "not the password" },
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("the per-address limit", () => {
  it("refuses the fourth request in a minute from one address with 429 and Retry-After, and no one else", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn("203.0.113.9")).status).toBe(400);
    const res = await server.app.request("/api/auth/password-reset/", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ email: "someone@example.com" }),
    });
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    // A whole minute is said as one.
    const wait = seconds === 60 ? "1 minute" : `${seconds} second${seconds === 1 ? "" : "s"}`;
    expect(await res.json()).toEqual({
      status: false,
      code: "rate_limited",
      msg: `Too many requests from your network. Please wait ${wait} and try again.`,
      data: null,
      req_id: res.headers.get("x-request-id"),
    });
    expect((await signIn("198.51.100.20")).status).toBe(400);
    // Paths that guess nothing are not counted.
    expect(
      (await server.call("GET", "status/", { headers: { "x-forwarded-for": "203.0.113.9" } })).status,
    ).toBe(200);
  });

  it("counts the address our proxy saw, whatever the caller wrote before it", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(`10.0.0.${i}, 192.0.2.77`)).status).toBe(400);
    expect((await signIn("10.9.9.9, 192.0.2.77")).status).toBe(429);
  });
});
