import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";
import { createTestServer } from "./support/testServer";

const expired = {
  status: false,
  code: "session_expired",
  msg: "Your session has expired. Kindly sign-in again.",
  data: null,
  req_id: expect.any(String),
};

const server = serverForFile();

describe("sessions", () => {
  it("asks for credentials when no token is sent", async () => {
    const answer = await server.send("GET /auth/profile");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      status: false,
      code: "no_credentials",
      msg: "Authentication credentials were not provided.",
      data: null,
      req_id: expect.any(String),
    });
  });

  it("treats an unknown or malformed token as an ended session", async () => {
    for (const token of ["A".repeat(43), "not a token!"]) {
      const answer = await server.send("GET /auth/profile", { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(expired);
    }
  });

  it("stores only a hash of the token", async () => {
    const customer = await server.signedInCustomer();
    const rows = await server.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(customer.token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ends on logout", async () => {
    const customer = await server.signedInCustomer();
    const other = await server.login(customer.email, customer.password);
    const answer = await server.send("POST /auth/logout", { token: customer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, msg: "You have been logged out.", data: null });
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual({
      status: 401,
      body: expired,
    });
    // Only that session: the same person signed in elsewhere stays signed in.
    expect((await server.send("GET /auth/profile", { token: other })).status).toBe(200);
  });

  it("ends after 30 idle minutes, and activity keeps it alive", async () => {
    const customer = await server.signedInCustomer();
    server.clock.advance(29 * 60_000);
    expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
    server.clock.advance(29 * 60_000);
    expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
    server.clock.advance(30 * 60_000);
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual({
      status: 401,
      body: expired,
    });
  });

  it("counts idle time to the second: a request 50 seconds in keeps it alive until 30 minutes after it", async () => {
    const customer = await server.signedInCustomer();
    server.clock.advance(50_000);
    expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
    server.clock.advance(30 * 60_000 - 2_000);
    expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
    server.clock.advance(30 * 60_000);
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual({
      status: 401,
      body: expired,
    });
  });

  it("ends 12 hours after sign-in however active", async () => {
    const customer = await server.signedInCustomer();
    // 24 requests 29 minutes apart: 11 h 36 min, always within the idle limit.
    for (let i = 0; i < 24; i++) {
      server.clock.advance(29 * 60_000);
      expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
    }
    server.clock.advance(29 * 60_000);
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual({
      status: 401,
      body: expired,
    });
  });

  it("ends when an admin deactivates the account", async () => {
    const customer = await server.signedInCustomer();
    const admin = await server.signedInOperator("admin");
    const patch = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: customer.id },
      body: { is_active: false },
    });
    expect(patch.status).toBe(200);
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual({
      status: 401,
      body: expired,
    });
    const login = await server.send("POST /auth/login", {
      body: { email: customer.email, password: customer.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe("This account has been deactivated. Please contact support.");
  });

  it("ends at once if the account is switched off directly in the database", async () => {
    const customer = await server.signedInCustomer();
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, customer.id));
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual({
      status: 401,
      body: expired,
    });
  });

  it("takes its limits from configuration", async () => {
    const short = await createTestServer({ SESSION_IDLE_MINUTES: "5", SESSION_MAX_HOURS: "1" });
    try {
      const customer = await short.signedInCustomer();
      short.clock.advance(5 * 60_000);
      expect((await short.get("auth/profile/", customer.token)).status).toBe(401);
      const token = await short.login(customer.email, customer.password);
      // 14 requests 4 minutes apart reach 56 minutes; the next step reaches the hour.
      for (let i = 0; i < 14; i++) {
        short.clock.advance(4 * 60_000);
        expect((await short.get("auth/profile/", token)).status).toBe(200);
      }
      short.clock.advance(4 * 60_000);
      expect((await short.get("auth/profile/", token)).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
