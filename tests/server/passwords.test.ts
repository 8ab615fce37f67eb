import { describe, expect, it } from "vitest";
import { asSeen } from "./support/asSeen";
import { whileTimeMoves } from "./support/movingClock";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

const sentCode =
  "If an account uses this email, we sent it a link and a 6-digit code. They can be sent once a minute.";
const confirmWithCode = (email: string, code: string, new_password: string) =>
  server.send("POST /auth/password-reset/confirm", { body: { email, code, new_password } });
const confirmWithToken = (token: string, new_password: string) =>
  server.send("POST /auth/password-reset/confirm", { body: { token, new_password } });
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("forgot password: auth/password-reset/ then auth/password-reset/confirm/", () => {
  it("sets a new password with the emailed link and ends every session", async () => {
    const c = await server.signedInCustomer();
    const other = await server.login(c.email, c.password);
    const asked = await server.post("auth/password-reset/", { email: c.email });
    expect(asked).toEqual({ status: 200, body: { status: true, msg: sentCode, data: null } });
    const mail = server.mailbox.sent.at(-1);
    expect(mail?.subject).toBe("Choose a new OjaPay password");
    const link = server.mailbox.lastLink(c.email);
    expect(link.pathname).toBe("/auth/reset-password");
    expect(link.search).toBe(""); // the token rides in the fragment, which no server or log sees
    const done = await confirmWithToken(server.mailbox.lastToken(c.email), "a brand new secret");
    expect(done.body).toEqual({
      status: true,
      msg: "Your password has been changed. Please sign in with it.",
      data: null,
    });
    for (const token of [c.token, other])
      expect((await server.send("GET /auth/profile", { token })).status).toBe(401);
    expect(
      (await server.send("POST /auth/login", { body: { email: c.email, password: c.password } })).status,
    ).toBe(400);
    await server.login(c.email, "a brand new secret");
    expect(server.mailbox.sent.at(-1)?.subject).toBe("Your OjaPay password was changed");
  });

  it("sets a new password with the code typed on another device", async () => {
    const c = await server.customer();
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const done = await confirmWithCode(c.email, server.mailbox.lastCode(c.email), "typed on my phone");
    expect(done.status).toBe(200);
    await server.login(c.email, "typed on my phone");
  });

  it("keeps the link working after strangers burn the code with wrong guesses", async () => {
    const c = await server.customer();
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const code = server.mailbox.lastCode(c.email);
    const token = server.mailbox.lastToken(c.email);
    // Counted per email, not per address: five strangers guessing once each use the code up.
    for (let i = 0; i < 5; i++) {
      await confirmWithCode(c.email, otherThan(code), "stranger's choice 1");
    }
    const burnt = await confirmWithCode(c.email, code, "owner's new secret");
    expect(burnt.status).toBe(423);
    expect(burnt.body.msg).toBe(
      "Too many wrong codes were tried for this email. Open the link in the email we sent instead, or try again later.",
    );
    // A stranger asking for a new code does not reopen the count either.
    server.clock.advance(61_000);
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const fresh = server.mailbox.lastCode(c.email);
    const again = await confirmWithCode(c.email, fresh, "owner's new secret");
    expect(again.status).toBe(423);
    // The first link was retired by the second mail; the newest one works.
    expect((await confirmWithToken(token, "owner's new secret")).status).toBe(400);
    const newest = server.mailbox.lastToken(c.email);
    expect((await confirmWithToken(newest, "owner's new secret")).status).toBe(200);
    await server.login(c.email, "owner's new secret");
    // Once the owner is back in, the code count starts afresh.
    server.clock.advance(61_000);
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const next = await confirmWithCode(c.email, server.mailbox.lastCode(c.email), "and one more secret");
    expect(next.status).toBe(200);
  });

  it("refuses a link after an hour, a link used once, and a made-up one, alike", async () => {
    const c = await server.customer();
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const token = server.mailbox.lastToken(c.email);
    server.clock.advance(3_600_000);
    const late = await confirmWithToken(token, "too late secret");
    const madeUp = await confirmWithToken("B".repeat(43), "too late secret");
    expect(asSeen(late)).toEqual(asSeen(madeUp));
    expect(late.status).toBe(400);
    expect(late.body.fields?.token).toEqual([
      "This link has expired or has already been used. Ask for a new email and use the newest link.",
    ]);
    server.clock.advance(61_000);
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const fresh = server.mailbox.lastToken(c.email);
    expect((await confirmWithToken(fresh, "on time secret")).status).toBe(200);
    expect((await confirmWithToken(fresh, "second go secret")).status).toBe(400);
  });

  it("answers an unknown email as a known one, mailing it only that no account uses it, once a minute", async () => {
    const mailed = server.mailbox.sent.length;
    const asked = await server.post("auth/password-reset/", { email: "no.one@example.com" });
    expect(asked).toEqual({ status: 200, body: { status: true, msg: sentCode, data: null } });
    const notices = server.mailbox.sent.slice(mailed);
    expect(notices.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: "no.one@example.com", subject: "Your OjaPay password reset" },
    ]);
    expect(notices[0]?.text).toContain("no active OjaPay account uses it");
    expect(notices[0]?.text).not.toMatch(/#token=|\b\d{6}\b/);
    const again = await server.post("auth/password-reset/", { email: "no.one@example.com" });
    expect(again).toEqual(asked);
    expect(server.mailbox.sent.length).toBe(mailed + 1);
    const c = await server.customer();
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const code = otherThan(server.mailbox.lastCode(c.email));
    const confirm = (email: string) =>
      server.send("POST /auth/password-reset/confirm", {
        body: { email, code, new_password: "another fine secret" },
      });
    for (let i = 0; i < 6; i++)
      expect(asSeen(await confirm("no.one@example.com"))).toEqual(asSeen(await confirm(c.email)));
  });

  it("judges a new password by the account's names only once the code is right: a wrong code says nothing of them", async () => {
    const c = await server.customer({ first_name: "Ada", last_name: "Okafor" });
    server.clock.advance(61_000);
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const code = server.mailbox.lastCode(c.email);
    const named = { code: otherThan(code), new_password: "Ada Okafor!!" };
    const known = await server.send("POST /auth/password-reset/confirm", {
      body: { ...named, email: c.email },
    });
    const unknown = await server.send("POST /auth/password-reset/confirm", {
      body: {
        ...named,
        email: "no.one.here@example.com",
      },
    });
    expect(known.body.code).toBe("wrong_code");
    expect(asSeen(known)).toEqual(asSeen(unknown));
    const right = await server.send("POST /auth/password-reset/confirm", {
      body: { ...named, code, email: c.email },
    });
    expect(right.status).toBe(400);
    expect(right.body.fields?.new_password).toEqual([
      "Your password cannot be your email or your name. Please choose another.",
    ]);
    // Refused before it was used: the code still sets a good one.
    const good = { email: c.email, code, new_password: "a much finer secret" };
    expect((await server.send("POST /auth/password-reset/confirm", { body: good })).status).toBe(200);
  });

  it("lifts the sign-in waits on the email; a sign-up never confirmed is no account to reset", async () => {
    const c = await server.customer();
    for (let i = 0; i < 5; i++)
      await server.send("POST /auth/login", { body: { email: c.email, password: `wrong ${i} guess` } });
    expect(
      (await server.send("POST /auth/login", { body: { email: c.email, password: c.password } })).status,
    ).toBe(429);
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    await confirmWithToken(server.mailbox.lastToken(c.email), "fresh start secret");
    await server.login(c.email, "fresh start secret");

    await server.send("POST /auth/register", {
      body: {
        first_name: "Kemi",
        last_name: "Ade",
        email: "kemi.unverified@example.com",
        phone: "08031234567",
        password: "kemi first secret",
      },
    });
    const mailed = server.mailbox.sent.length;
    server.clock.advance(61_000);
    await server.send("POST /auth/password-reset", { body: { email: "kemi.unverified@example.com" } });
    expect(server.mailbox.sent.slice(mailed).map((m) => m.subject)).toEqual(["Your OjaPay password reset"]);
    expect(server.mailbox.sent.at(-1)?.text).not.toMatch(/#token=|\b\d{6}\b/);
  });

  it("refuses a weak new password and keeps the code for another try", async () => {
    const c = await server.customer();
    await server.send("POST /auth/password-reset", { body: { email: c.email } });
    const code = server.mailbox.lastCode(c.email);
    const weak = await confirmWithCode(c.email, code, "password123");
    expect(weak.status).toBe(400);
    expect(weak.body.fields?.new_password?.[0]).toMatch(/^This password is too common/);
    const good = await confirmWithCode(c.email, code, "much better secret");
    expect(good.status).toBe(200);
  });

  it.each([
    [{}, "new_password", "New password is required."],
    [
      { email: "a@example.com", new_password: "long enough one" },
      "code",
      "Open the link from the email, or enter your email and the code.",
    ],
    [
      { token: "C".repeat(43), email: "a@example.com", new_password: "long enough one" },
      "code",
      "Open the link from the email, or enter your email and the code.",
    ],
    [
      { token: "short", new_password: "long enough one" },
      "token",
      "This link is not valid. Open it from the email again.",
    ],
    [
      { email: "a@example.com", code: "12", new_password: "long enough one" },
      "code",
      "Code must be the 6 digits we emailed you.",
    ],
    [
      { email: "a@example.com", code: "123456", new_password: "short" },
      "new_password",
      "Password must be at least 10 characters.",
    ],
    [
      { email: "a@example.com", code: "123456", new_password: "long enough one", extra: 1 },
      "extra",
      "This field is not allowed.",
    ],
  ])("refuses %j on confirm", async (body, field, message) => {
    const answer = await server.post("auth/password-reset/confirm/", body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });
});

describe("change password: auth/password/change/", () => {
  it("changes a known password and ends every other session, keeping this one", async () => {
    const c = await server.signedInCustomer();
    const other = await server.login(c.email, c.password);
    const answer = await server.send("POST /auth/password/change", {
      token: c.token,
      body: { current_password: c.password, new_password: "my changed secret" },
    });
    expect(answer.body).toEqual({
      status: true,
      msg: "Your password has been changed. Other devices have been signed out.",
      data: null,
    });
    expect((await server.send("GET /auth/profile", { token: c.token })).status).toBe(200);
    expect((await server.send("GET /auth/profile", { token: other })).status).toBe(401);
    await server.login(c.email, "my changed secret");
  });

  it("counts wrong current passwords; the fifth makes even the right one wait 15 minutes", async () => {
    const c = await server.signedInCustomer();
    const change = (current: string) =>
      server.send("POST /auth/password/change", {
        token: c.token,
        body: { current_password: current, new_password: "my changed secret" },
      });
    for (const left of [4, 3, 2, 1]) {
      const answer = await change("not my password");
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.current_password).toEqual([
        `Your current password is not right. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
      ]);
    }
    expect((await change("not my password")).body.msg).toBe(
      "Too many wrong passwords. Please try again in 15 minutes.",
    );
    expect((await change(c.password)).status).toBe(429);
    server.clock.advance(15 * 60_000);
    expect((await change(c.password)).status).toBe(200);
  });

  it("says the 15 minutes it set even when time passes while the password is checked", async () => {
    const c = await server.signedInCustomer();
    const change = (current: string) =>
      server.send("POST /auth/password/change", {
        token: c.token,
        body: { current_password: current, new_password: "my changed secret" },
      });
    for (let i = 0; i < 4; i++) expect((await change("not my password")).status).toBe(400);
    // The wait is set from one reading of the clock and quoted against an earlier one.
    const fifth = await whileTimeMoves(server.clock, 300, () => change("not my password"));
    expect(fifth.body.msg).toBe("Too many wrong passwords. Please try again in 15 minutes.");
  });

  it("refuses the same password, a common one, and a caller without a session", async () => {
    const c = await server.signedInCustomer();
    const same = await server.send("POST /auth/password/change", {
      token: c.token,
      body: { current_password: c.password, new_password: c.password },
    });
    expect(same.body.fields?.new_password).toEqual(["Your new password must differ from your current one."]);
    const common = await server.send("POST /auth/password/change", {
      token: c.token,
      body: { current_password: c.password, new_password: "qwertyuiop" },
    });
    expect(common.body.fields?.new_password?.[0]).toMatch(/^This password is too common/);
    const anonymous = await server.send("POST /auth/password/change", {
      body: {
        current_password: c.password,
        new_password: "whatever secret",
      },
    });
    expect(anonymous.status).toBe(401);
    await server.login(c.email, c.password);
  });
});
