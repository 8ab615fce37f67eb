import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./support/testServer";

/** A raw connection to the server: what it wrote back, and when it closed (ms after opening), within `waitMs`. */
function openSocket(origin: string) {
  const url = new URL(origin);
  const socket = connect(Number(url.port), url.hostname);
  const opened = performance.now();
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(performance.now() - opened)),
  );
  return {
    socket,
    received: () => received,
    connected: new Promise<void>((resolve) => socket.once("connect", () => resolve())),
    /** When the server closed it, or null if it was still open after `waitMs`. */
    closedWithin: (waitMs: number) =>
      Promise.race([closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `chunk` every `everyMs` until the socket closes: a client that never quite finishes. */
function drip(socket: Socket, chunk: string, everyMs: number) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(chunk);
  }, everyMs);
  socket.once("close", () => clearInterval(timer));
}

describe("time limits on a connection (short ones, set for the test)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({
      HEADERS_TIMEOUT_MS: "500",
      REQUEST_TIMEOUT_MS: "1000",
      KEEP_ALIVE_TIMEOUT_MS: "500",
      // The provider answers after the request's own time is up: the limit must not cut the answer.
      SIMULATOR_LATENCY_MS: "1500",
      PROVIDER_TIMEOUT_MS: "5000",
    });
  });
  afterAll(() => server.close());

  it("cuts off a body sent a byte at a time once the request's time is up", async () => {
    const client = openSocket(server.origin);
    client.socket.write(
      "POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    drip(client.socket, " ", 100);
    const closedAfter = await client.closedWithin(6_000);
    expect(closedAfter).not.toBeNull();
    // Not before the limit, and well before Node's 300 s; the margin is for a busy machine.
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(5_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("cuts off headers that never end once the headers' time is up", async () => {
    const client = openSocket(server.origin);
    client.socket.write("GET /api/status/ HTTP/1.1\r\nHost: x\r\n");
    drip(client.socket, "X-Slow: yes\r\n", 100);
    const closedAfter = await client.closedWithin(6_000);
    expect(closedAfter).not.toBeNull();
    expect(closedAfter).toBeGreaterThanOrEqual(400);
    expect(closedAfter).toBeLessThan(4_500);
  });

  it("closes a kept-alive connection left idle after its answer", async () => {
    const client = openSocket(server.origin);
    client.socket.write("GET /api/status/ HTTP/1.1\r\nHost: x\r\n\r\n");
    while (!client.received().includes("Emergency mode")) await sleep(10);
    const answeredAt = performance.now();
    const closedAfter = await client.closedWithin(6_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(closedAfter).not.toBeNull();
    // Node's own idle limit is 5 s.
    expect(performance.now() - answeredAt).toBeLessThan(4_000);
  });

  it("does not count the server's own time against the request: a purchase the provider answers slowly succeeds", async () => {
    const customer = await server.fundedCustomer(100_000);
    const res = await fetch(`${server.origin}/api/core/customer/airtime/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({
        network_id: 1,
        phone: "08031234567",
        amount: 10_000,
        pin: customer.pin,
        request_id: crypto.randomUUID(),
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { status: "successful" } });
  });
});

describe("open connections per address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ MAX_CONNECTIONS_PER_ADDRESS: "3" });
  });
  afterAll(() => server.close());

  it("refuses one connection over the cap with 429 in the envelope, while the others work", async () => {
    const held = [openSocket(server.origin), openSocket(server.origin), openSocket(server.origin)];
    await Promise.all(held.map((client) => client.connected));

    const extra = openSocket(server.origin);
    // It asks for something too: nothing it sends is read.
    extra.socket.write("GET /api/status/ HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(await extra.closedWithin(3_000)).not.toBeNull();
    const [head = "", body = ""] = extra.received().split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    const answered = JSON.parse(body);
    expect(answered).toEqual({
      status: false,
      code: "rate_limited",
      msg: "Too many open connections from your network. Close some and try again.",
      data: null,
      req_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // Like every refusal, its id is in the envelope and the header alike.
    expect(head).toContain(`X-Request-Id: ${answered.req_id}`);

    const [first, second, third] = held;
    if (!first || !second || !third) throw new Error("three connections were opened");
    first.socket.write("GET /api/status/ HTTP/1.1\r\nHost: x\r\n\r\n");
    while (!first.received().includes("Emergency mode")) await sleep(10);
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /);

    // One closed, a new connection is served.
    second.socket.destroy();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      if (attempt > 0) await sleep(20);
      status = (await fetch(`${server.origin}/api/status/`)).status;
    }
    expect(status).toBe(200);
    for (const client of held) client.socket.destroy();
  });
});
