import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emergencyMode, sessions, users } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";
import { countStatements } from "./support/statementCounter";

// Issue 26: an instance reads a session (and the public status) at most once a second, yet what it
// changes itself shows at once, and what another instance changed shows within the second.
const server = serverForFile({ READ_CACHE_MS: "1000" });

const sessionIdOf = async (userId: string) =>
  (await server.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]?.id ?? "";

describe("sessions read at most once a second", () => {
  it("answers a signed-in read with no session statement while the session was read less than a second ago", async () => {
    const c = await server.fundedCustomer(50_000);
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    const { result, count, statements } = await countStatements(server.db, () =>
      server.send("GET /core/customer/wallet", { token: c.token }),
    );
    expect(result.status).toBe(200);
    expect(statements.join("\n")).not.toContain('"sessions"');
    expect(count, statements.join("\n")).toBe(1);
    server.clock.advance(1_000);
    const later = await countStatements(server.db, () =>
      server.send("GET /core/customer/wallet", { token: c.token }),
    );
    expect(later.statements.join("\n")).toContain('"sessions"');
  });

  it("lets a purchase by a session read less than a second ago skip the session query: 3 statements, not 4", async () => {
    const c = await server.fundedCustomer(50_000);
    const buy = (phone: string) => server.buyAirtime(c, phone);
    expect((await buy("08031230011")).data?.status).toBe("successful");
    const { result, count, statements } = await countStatements(server.db, () => buy("08031230012"));
    expect(result.data?.status).toBe("successful");
    expect(statements.join("\n")).not.toContain('"sessions"');
    expect(count, statements.join("\n")).toBe(3);
  });

  it("refuses a session another instance revoked once its second is up, not before", async () => {
    const c = await server.signedInCustomer();
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    // Another instance signs it out: this one still holds what it read a moment ago.
    const sessionId = await sessionIdOf(c.id);
    await server.db.update(sessions).set({ revokedAt: server.clock.now() }).where(eq(sessions.id, sessionId));
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    server.clock.advance(1_000);
    const refused = await server.send("GET /core/customer/wallet", { token: c.token });
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toMatch(/session/i);
  });

  it("refuses at once a session signed out through this instance", async () => {
    const c = await server.signedInCustomer();
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    expect((await server.send("POST /auth/logout", { token: c.token })).status).toBe(200);
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(401);
  });

  it("refuses at once an account an admin deactivated through this instance", async () => {
    const admin = await server.signedInOperator("admin");
    const c = await server.signedInCustomer();
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    const patched = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
      body: { is_active: false },
    });
    expect(patched.status).toBe(200);
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(401);
  });

  it("shows a profile change made through this instance to the very next read", async () => {
    const c = await server.signedInCustomer();
    expect((await server.send("GET /auth/profile", { token: c.token })).status).toBe(200);
    await server.sendOk("PATCH /auth/profile", { token: c.token, body: { first_name: "Adaeze" } });
    const profile = await server.sendOk("GET /auth/profile", { token: c.token });
    expect(profile.first_name).toBe("Adaeze");
  });

  it("never keeps a session longer for being read: the idle limit holds to the second", async () => {
    const c = await server.signedInCustomer();
    const idleMs = server.deps.config.sessionIdleMs;
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    server.clock.advance(idleMs - 1_000);
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(200);
    server.clock.advance(idleMs);
    expect((await server.send("GET /core/customer/wallet", { token: c.token })).status).toBe(401);
    // A read of a deactivated account by another instance, once its second is up, is refused too.
    const other = await server.signedInCustomer();
    expect((await server.send("GET /core/customer/wallet", { token: other.token })).status).toBe(200);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
    server.clock.advance(1_000);
    expect((await server.send("GET /core/customer/wallet", { token: other.token })).status).toBe(401);
  });
});

describe("the public status read at most once a second", () => {
  it("shows the emergency switch turned through this instance at once, and through another within the second", async () => {
    const admin = await server.signedInOperator("admin");
    expect((await server.sendOk("GET /status")).emergency.enabled).toBe(false);
    await server.db
      .update(emergencyMode)
      .set({ enabled: true, message: "Back soon" })
      .where(eq(emergencyMode.id, 1));
    expect((await server.sendOk("GET /status")).emergency.enabled).toBe(false);
    server.clock.advance(1_000);
    expect((await server.sendOk("GET /status")).emergency).toEqual({ enabled: true, message: "Back soon" });

    const off = await server.send("POST /sys.admin/emergency-mode", {
      token: admin.token,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await server.sendOk("GET /status")).emergency.enabled).toBe(false);
  });
});
