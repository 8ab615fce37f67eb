import { describe, expect, it } from "vitest";
import { startingAnswer } from "../../server/serveApp";
import { naira, serverForFile } from "./support/serverForFile";

const server = serverForFile();

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every log line the server wrote since `from`, parsed. */
const linesSince = (from: number) => server.logLines.slice(from).map((line) => JSON.parse(line));

describe("a request's id", () => {
  it("is answered in X-Request-Id and, on a refusal, as req_id in the envelope", async () => {
    const refusals = [
      server.app.request("/api/core/customer/wallet/"), // 401: no session
      server.app.request("/api/no/such/path/"), // 404
      server.app.request("/api/auth/login/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      }), // 400
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(uuid);
      expect(await res.json()).toMatchObject({ status: false, req_id: id });
    }
    const ok = await server.app.request("/api/status/");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toMatch(uuid);
  });

  it("is a proxy's own id when it is sane, and a new one when it is not", async () => {
    const send = (id: string) =>
      server.app.request("/api/core/customer/wallet/", { headers: { "X-Request-Id": id } });
    for (const sane of ["a1b2c3d4e5f60718293a4b5c6d7e8f90", "edge-7f3a_01=", "x".repeat(255)]) {
      const from = server.logLines.length;
      const res = await send(sane);
      expect(res.headers.get("x-request-id")).toBe(sane);
      expect(await res.json()).toMatchObject({ req_id: sane });
      expect(linesSince(from).find((line) => line.msg === "request")).toMatchObject({ req_id: sane });
    }
    for (const insane of ["x".repeat(256), "", "two words", 'quote"d', "semi;colon", "dot.ted", "ünïcode"]) {
      const res = await send(insane);
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(uuid);
      expect(await res.json()).toMatchObject({ req_id: id });
    }
  });

  it("is on every line logged while the request runs, a service's own warning included", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const from = server.logLines.length;
    // VTpass's simulator never answers a number ending 3333: the purchase waits out the provider's
    // time limit and askProvider warns, from deep in the purchase service, with no request in sight.
    const res = await server.app.request("/api/core/customer/airtime/", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${c.token}`,
        "X-Request-Id": "proxy-request-0001",
      },
      body: JSON.stringify({
        network_id: 1,
        phone: "08033333333",
        amount: naira(100),
        pin: c.pin,
        request_id: crypto.randomUUID(),
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { status: "pending" } });
    const lines = linesSince(from);
    const warning = lines.find((line) => line.msg === "provider answer unclear; left pending");
    expect(warning).toMatchObject({ level: 40, req_id: "proxy-request-0001" });
    // The simulated VTpass, served by this same server, logs its own requests: the purchase's is by its path.
    const purchase = lines.find(
      (line) => line.msg === "request" && line.path === "/api/core/customer/airtime",
    );
    expect(purchase).toMatchObject({ req_id: "proxy-request-0001", status: 200 });
  });

  it("is not on lines logged outside any request", async () => {
    const from = server.logLines.length;
    server.deps.logger.warn("between requests");
    const line = linesSince(from).find((logged) => logged.msg === "between requests");
    expect(line).toMatchObject({ msg: "between requests" });
    expect(line).not.toHaveProperty("req_id");
  });

  it("is answered while the server is still starting", async () => {
    const kept = startingAnswer(
      new Request("http://ojapay/api/status/", { headers: { "X-Request-Id": "lb-check-42" } }),
    );
    expect(kept.status).toBe(503);
    expect(kept.headers.get("x-request-id")).toBe("lb-check-42");
    const made = startingAnswer(new Request("http://ojapay/"));
    expect(made.status).toBe(503);
    expect(made.headers.get("x-request-id")).toMatch(uuid);
  });
});
