import { describe, expect, it } from "vitest";
import { refusalStatuses } from "../../schemas/refusals";
import { createApp } from "../../server/app";
import type { Database } from "../../server/db/database";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

describe("the API's frame", () => {
  it("answers unknown paths with a 404 envelope, signed in or not", async () => {
    const customer = await server.signedInCustomer();
    for (const token of [undefined, customer.token]) {
      const answer = await server.call("GET", "no/such/thing/", { token });
      expect(answer).toEqual({
        status: 404,
        body: { status: false, code: "not_found", msg: "Not found.", data: null, req_id: expect.any(String) },
      });
    }
  });

  it("accepts every path with or without its trailing slash", async () => {
    const customer = await server.signedInCustomer();
    expect((await server.get("auth/profile", customer.token)).status).toBe(200);
    expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
    expect((await server.get("status")).status).toBe(200);
    expect((await server.send("GET /status")).status).toBe(200);
  });

  it("serves the public status", async () => {
    const answer = await server.send("GET /status");
    expect(answer.body).toEqual({
      status: true,
      msg: "Emergency mode is OFF",
      data: { emergency: { enabled: false, message: "" } },
    });
  });

  it("refuses a body over 1 MB with 413 and the envelope", async () => {
    const answer = await server.call("POST", "auth/login/", {
      raw: JSON.stringify({ email: "x".repeat(1_100_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      status: false,
      code: "too_large",
      msg: "The request body is too large.",
      data: null,
      req_id: expect.any(String),
    });
    // Outside /api too: the simulators' endpoints read no more.
    for (const path of [
      "/simulator/vtpass/api/pay",
      "/simulator/paystack/transaction/initialize",
      "/nowhere",
    ]) {
      const res = await server.app.request(path, { method: "POST", body: "x".repeat(1_100_000) });
      expect(res.status, path).toBe(413);
    }
  });

  it("refuses a body over 1 MB sent over a socket, whether its length is stated or not", async () => {
    const big = JSON.stringify({ email: "x".repeat(1_100_000) });
    const url = `${server.origin}/api/auth/login/`;
    const stated = await fetch(url, {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
    });
    // A stream is sent chunked, with no length: it is counted as it is read.
    const chunked = await fetch(url, {
      method: "POST",
      body: new Blob([big]).stream(),
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    for (const res of [stated, chunked]) {
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: "too_large", msg: "The request body is too large." });
    }
    // Within the limit, both ways reach the route, which reads the body.
    const small = JSON.stringify({ email: "nobody@example.com", password: "wrong password here" });
    const within = await Promise.all([
      fetch(url, { method: "POST", body: small, headers: { "content-type": "application/json" } }),
      fetch(url, {
        method: "POST",
        body: new Blob([small]).stream(),
        duplex: "half",
        headers: { "content-type": "application/json" },
      } as RequestInit),
    ]);
    for (const res of within) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "wrong_credentials" });
    }
  });

  it("answers an unexpected failure with 500 'Something went wrong', logged with the request id", async () => {
    const broken = new Proxy(server.db, {
      get(target, key) {
        if (key === "select") {
          return () => {
            throw new Error("connection reset: secret internals");
          };
        }
        return Reflect.get(target, key);
      },
    }) as Database;
    const app = createApp({ ...server.deps, db: broken }, { serveSpa: false });
    const res = await app.request("/api/status/");
    expect(res.status).toBe(500);
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(await res.json()).toEqual({
      status: false,
      code: "unexpected",
      msg: "Something went wrong",
      data: null,
      req_id: requestId,
    });
    const logged = server.logLines.find((line) => line.includes("unexpected error"));
    expect(logged).toContain(requestId);
    expect(logged).toContain("connection reset");
  });

  it("publishes an OpenAPI document written from the schemas", async () => {
    const answer = await server.call("GET", "openapi.json");
    const doc = answer.body as unknown as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties: object; required: string[]; additionalProperties: boolean } }
              >;
            };
            security?: unknown;
          }
        >
      >;
    };
    expect(doc.openapi).toBe("3.1.0");
    const register = doc.paths["/auth/register/"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(register?.properties ?? {})).toEqual([
      "first_name",
      "last_name",
      "email",
      "phone",
      "password",
      "referral_code",
    ]);
    expect(register?.required).toEqual(["first_name", "last_name", "email", "phone", "password"]);
    expect(register?.additionalProperties).toBe(false);
    expect(doc.paths["/sys.admin/users/{id}/"]?.patch?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/auth/login/",
        "/auth/code/verify/",
        "/customer/pin-reset/confirm/",
        "/status/",
      ]),
    );
  });

  it("lists every refusal code in the OpenAPI document, and every route's refusals point at it", async () => {
    const doc = (await server.call("GET", "openapi.json")).body as unknown as {
      components: { schemas: { Refusal: { properties: { code: { enum: string[] } } } } };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.components.schemas.Refusal.properties.code.enum).toEqual(Object.keys(refusalStatuses));
    const login = doc.paths["/auth/login/"]?.post?.responses;
    expect(login?.["400"]).toEqual({
      description: expect.any(String),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Refusal" } } },
    });
  });
});

describe("the logs", () => {
  it("never hold a password, PIN, code or token from a whole account life", async () => {
    server.logLines.length = 0;
    const customer = await server.signedInCustomer({ password: "very distinctive password 42" });
    const registrationCode = server.mailbox.lastCode(customer.email);
    await server.send("POST /customer/pin-reset/request", { token: customer.token });
    const pinCode = server.mailbox.lastCode(customer.email);
    await server.send("POST /customer/pin-reset/confirm", {
      token: customer.token,
      body: { code: pinCode, new_pin: "7319" },
    });
    await server.send("POST /auth/login", {
      body: { email: customer.email, password: "a wrong password 17" },
    });
    await server.send("POST /auth/logout", { token: customer.token });
    const logs = server.logLines.join("\n");
    expect(server.logLines.length).toBeGreaterThan(5);
    for (const secret of ["very distinctive password 42", "a wrong password 17", customer.token]) {
      expect(logs).not.toContain(secret);
    }
    // PINs and codes are short digit strings; a log's times and ids are full of digits, so only a
    // stand-alone occurrence would be the secret.
    for (const digits of ["7319", registrationCode, pinCode]) {
      expect(logs).not.toMatch(new RegExp(`(?<![0-9a-f])${digits}(?![0-9a-f])`));
    }
  });
});
