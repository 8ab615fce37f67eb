import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("POST auth/login/", () => {
  it("answers a fresh token, the role and when the session ends", async () => {
    const person = await server.customer();
    const answer = await server.post("auth/login/", {
      email: person.email.toUpperCase(),
      password: person.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Login successful.");
    const data = answer.body.data as { token: string; role: string; expires_at: string };
    expect(data.role).toBe("customer");
    expect(Buffer.from(data.token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(new Date(data.expires_at).getTime() - server.clock.now().getTime()).toBe(12 * 3_600_000);

    const second = await server.login(person.email, person.password);
    expect(second).not.toBe(data.token);
    expect((await server.get("auth/profile/", data.token)).status).toBe(200);
    expect((await server.get("auth/profile/", second)).status).toBe(200);
  });

  it("refuses a wrong password and an unknown email with the same message", async () => {
    const person = await server.customer();
    const wrong = await server.post("auth/login/", { email: person.email, password: "not the password" });
    const unknown = await server.post("auth/login/", {
      email: "nobody@example.com",
      password: "whatever123",
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ status: false, msg: "Incorrect email or password.", data: null });
    }
  });

  it("answers 403 with the email for an unverified account, so the SPA can ask for the code", async () => {
    const email = "unverified@example.com";
    await server.post("auth/register/", {
      first_name: "Uche",
      last_name: "Nwosu",
      email,
      phone: "07031234567",
      password: "uche password",
    });
    const answer = await server.post("auth/login/", { email, password: "uche password" });
    expect(answer.status).toBe(403);
    expect(answer.body.status).toBe(false);
    expect(answer.body.data).toEqual({ email, verified: false });
    // The wrong password still says only that.
    const wrong = await server.post("auth/login/", { email, password: "guessing wrong" });
    expect(wrong.status).toBe(400);
  });

  it("makes the account wait 15 minutes after 5 wrong passwords, even for the right one", async () => {
    const person = await server.customer();
    for (let i = 0; i < 4; i++) {
      expect(
        (await server.post("auth/login/", { email: person.email, password: `wrong ${i} guess` })).status,
      ).toBe(400);
    }
    const fifth = await server.post("auth/login/", { email: person.email, password: "wrong again" });
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe("Too many failed sign-in attempts. Please try again in 15 minutes.");

    const right = await server.post("auth/login/", { email: person.email, password: person.password });
    expect(right.status).toBe(429);
    server.clock.advance(14 * 60_000);
    const stillLocked = await server.post("auth/login/", { email: person.email, password: person.password });
    expect(stillLocked.body.msg).toBe("Too many failed sign-in attempts. Please try again in 1 minute.");

    server.clock.advance(60_000);
    expect(
      (await server.post("auth/login/", { email: person.email, password: person.password })).status,
    ).toBe(200);
  });

  it("counts simultaneous wrong passwords, so guessing in parallel gains nothing", async () => {
    const person = await server.customer();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        server.post("auth/login/", { email: person.email, password: `parallel ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(1);
    const right = await server.post("auth/login/", { email: person.email, password: person.password });
    expect(right.status).toBe(429);
  });

  it("forgives earlier wrong passwords after a successful sign-in", async () => {
    const person = await server.customer();
    for (let i = 0; i < 4; i++)
      await server.post("auth/login/", { email: person.email, password: `nope ${i} nope` });
    await server.login(person.email, person.password);
    for (let i = 0; i < 4; i++) {
      expect(
        (await server.post("auth/login/", { email: person.email, password: `nope ${i} nope` })).status,
      ).toBe(400);
    }
  });

  it.each([
    [{ email: "a@example.com" }, "password", "Password is required."],
    [{ password: "x" }, "email", "Email address is required."],
    [{ email: ["a@example.com"], password: "x" }, "email", "Email address must be text."],
    [{ email: "a@example.com", password: "x", remember: true }, "remember", "This field is not allowed."],
    [
      { email: "a@example.com", password: "x".repeat(5000) },
      "password",
      "Password must be at most 128 characters.",
    ],
  ])("refuses %j", async (body, field, message) => {
    const answer = await server.post("auth/login/", body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });
});
