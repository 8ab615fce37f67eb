import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { users } from "../../server/db/schema";
import { ensureFirstAdmin } from "../../server/services/adminBootstrap";
import { createTestServer, type TestServer } from "./support/testServer";

describe("configuration", () => {
  it("has the README's defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "./data",
      databaseUrl: undefined,
      smtpUrl: undefined,
      admin: undefined,
      sessionIdleMs: 30 * 60_000,
      sessionMaxMs: 12 * 3_600_000,
      publicUrl: "http://localhost:8080",
    });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ SMTP_URL: "not a url" }, "SMTP_URL"],
    [{ SESSION_IDLE_MINUTES: "0" }, "SESSION_IDLE_MINUTES"],
    [{ ADMIN_EMAIL: "admin@example.com" }, "ADMIN_PASSWORD"],
    [{ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
  ])("stops on %j naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});

describe("the first admin", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());
  const logger = pino({ level: "silent" });

  it("is created from ADMIN_EMAIL and ADMIN_PASSWORD once, and can sign in", async () => {
    const admin = { email: "Boss@Example.com", password: "admin password 1" };
    await ensureFirstAdmin({ db: server.db, clock: server.clock, logger }, admin);
    await ensureFirstAdmin(
      { db: server.db, clock: server.clock, logger },
      { email: "other@example.com", password: "x".repeat(10) },
    );
    const admins = await server.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins.map((a) => a.email)).toEqual(["boss@example.com"]);
    const login = await server.post("auth/login/", { email: "boss@example.com", password: admin.password });
    expect(login.body.data).toMatchObject({ role: "admin" });
    const profile = await server.get("auth/profile/", (login.body.data as { token: string }).token);
    expect(profile.body.data).toMatchObject({ role: "admin", wallet: null });
  });
});
