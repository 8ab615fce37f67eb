import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { jsonAnswer } from "../../server/http/jsonAnswer";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

const browser = { "accept-encoding": "gzip, deflate, br" };

describe("the API's JSON answers", () => {
  it("state their length and go uncompressed while under 1 kB, a refusal included", async () => {
    const res = await server.app.request("/api/status/", { headers: browser });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-encoding")).toBeNull();
    const raw = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(raw.length));
    expect(JSON.parse(raw.toString("utf8"))).toMatchObject({ status: true });

    // Refused: the envelope says so, with its length too.
    const refused = await server.app.request("/api/core/customer/airtime", {
      method: "POST",
      headers: { ...browser, authorization: "Bearer nobody", "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    const refusal = Buffer.from(await refused.arrayBuffer());
    expect(refused.headers.get("content-length")).toBe(String(refusal.length));
    expect(JSON.parse(refusal.toString("utf8"))).toMatchObject({ status: false, code: "session_expired" });
  });

  it("count their length in bytes, not characters", async () => {
    const app = new Hono().get("/", (c) => jsonAnswer(c, { msg: "At least ₦1." }, 400));
    const res = await app.request("/");
    expect(res.status).toBe(400);
    const raw = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(raw.length));
    expect(raw.length).toBeGreaterThan('{"msg":"At least ₦1."}'.length);
    expect(JSON.parse(raw.toString("utf8"))).toEqual({ msg: "At least ₦1." });
  });

  it("are compressed from 1 kB for a client that takes gzip, and arrive whole", async () => {
    const plain = await server.app.request("/api/openapi.json");
    const document = await plain.json();
    expect(Number(plain.headers.get("content-length"))).toBeGreaterThan(1024);

    const res = await server.app.request("/api/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    const packed = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(packed.length));
    expect(packed.length).toBeLessThan(Number(plain.headers.get("content-length")));
    expect(JSON.parse(gunzipSync(packed).toString("utf8"))).toEqual(document);

    const br = await server.app.request("/api/openapi.json", { headers: browser });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8"))).toEqual(
      document,
    );
  });

  it("carry the security headers and the request's id, a proxy's when it is a plain token", async () => {
    const res = await server.app.request("/api/status/", { headers: { "x-request-id": "edge-4f2a" } });
    expect(res.headers.get("x-request-id")).toBe("edge-4f2a");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const odd = await server.app.request("/api/status/", { headers: { "x-request-id": "a b<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
