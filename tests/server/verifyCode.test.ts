import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

let n = 0;
async function registered() {
  n += 1;
  const email = `verify${n}@example.com`;
  const answer = await server.post("auth/register/", {
    first_name: "Bola",
    last_name: "Ade",
    email,
    phone: "08091234567",
    password: "bola password 1",
  });
  expect(answer.status).toBe(201);
  return email;
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST auth/code/verify/", () => {
  it("verifies the email with the emailed code, after which the account can sign in", async () => {
    const email = await registered();
    const answer = await server.post("auth/code/verify/", { email, code: server.mailbox.lastCode(email) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: true,
      msg: "Your email is verified. You can sign in now.",
      data: { email, verified: true },
    });
    const login = await server.post("auth/login/", { email, password: "bola password 1" });
    expect(login.status).toBe(200);
  });

  it("uses a code once only", async () => {
    const email = await registered();
    const code = server.mailbox.lastCode(email);
    expect((await server.post("auth/code/verify/", { email, code })).status).toBe(200);
    const again = await server.post("auth/code/verify/", { email, code });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe("This email is already verified. Please sign in.");
  });

  it("counts wrong codes down and locks the code after five, until a new one is sent", async () => {
    const email = await registered();
    const code = server.mailbox.lastCode(email);
    for (const left of [4, 3, 2, 1]) {
      const answer = await server.post("auth/code/verify/", { email, code: wrong(code) });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(
        `That code is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
      );
    }
    const fifth = await server.post("auth/code/verify/", { email, code: wrong(code) });
    expect(fifth.status).toBe(423);
    expect(fifth.body.msg).toBe("Too many wrong tries. Please request a new code.");
    // Even the right code is refused now.
    const right = await server.post("auth/code/verify/", { email, code });
    expect(right.status).toBe(423);

    server.clock.advance(61_000);
    expect((await server.post("auth/code/verify/", { email })).status).toBe(200);
    const fresh = server.mailbox.lastCode(email);
    expect((await server.post("auth/code/verify/", { email, code: fresh })).status).toBe(200);
  });

  it("refuses a code older than 10 minutes", async () => {
    const email = await registered();
    const code = server.mailbox.lastCode(email);
    server.clock.advance(10 * 60_000);
    const answer = await server.post("auth/code/verify/", { email, code });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("This code has expired. Please request a new one.");
  });

  it("accepts a code just inside its 10 minutes", async () => {
    const email = await registered();
    const code = server.mailbox.lastCode(email);
    server.clock.advance(10 * 60_000 - 1_000);
    expect((await server.post("auth/code/verify/", { email, code })).status).toBe(200);
  });

  it("resends at most once a minute, and a resent code replaces the old one", async () => {
    const email = await registered();
    const first = server.mailbox.lastCode(email);
    const tooSoon = await server.post("auth/code/verify/", { email });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.msg).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);

    server.clock.advance(60_000);
    const resent = await server.post("auth/code/verify/", { email });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ status: true, msg: "We sent a new code to your email.", data: { email } });
    const second = server.mailbox.lastCode(email);
    if (second !== first) {
      const old = await server.post("auth/code/verify/", { email, code: first });
      expect(old.status).toBe(400);
    }
    expect((await server.post("auth/code/verify/", { email, code: second })).status).toBe(200);
  });

  it("says plainly when the email has no account", async () => {
    const answer = await server.post("auth/code/verify/", { email: "ghost@example.com", code: "123456" });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("We could not find an account with that email.");
  });

  it.each([
    [{ email: "a@example.com", code: "12345" }, "code", "Code must be the 6 digits we emailed you."],
    [{ email: "a@example.com", code: 123456 }, "code", "Code must be text."],
    [{ code: "123456" }, "email", "Email address is required."],
    [{ email: "a@example.com", code: "123456", extra: 1 }, "extra", "This field is not allowed."],
  ])("refuses %j", async (body, field, message) => {
    const answer = await server.post("auth/code/verify/", body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });
});
