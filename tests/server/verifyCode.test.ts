import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tryCounters, users } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";
import { apartFromRequestId } from "./support/testServer";

const server = serverForFile();

let n = 0;
/** A new sign-up: its email and the ticket its browser was given. */
async function registered() {
  n += 1;
  const email = `verify${n}@example.com`;
  const answer = await server.sendOk("POST /auth/register", {
    body: { first_name: "Bola", last_name: "Ade", email, phone: "08091234567", password: "bola password 1" },
  });
  return { email, ticket: answer.ticket };
}

const codeOnItsWay = "If this email needs a code, a new one is on its way. Codes can be sent once a minute.";

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST auth/code/verify/", () => {
  it("verifies the email with the emailed code, after which the account can sign in", async () => {
    const { email, ticket } = await registered();
    const answer = await server.send("POST /auth/code/verify", {
      body: {
        email,
        ticket,
        code: server.mailbox.lastCode(email),
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: true,
      msg: "Your email is verified. You can sign in now.",
      data: { email, verified: true },
    });
    const login = await server.send("POST /auth/login", { body: { email, password: "bola password 1" } });
    expect(login.status).toBe(200);
  });

  it("uses a code once only", async () => {
    const { email, ticket } = await registered();
    const code = server.mailbox.lastCode(email);
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket, code } })).status).toBe(200);
    // A confirmed sign-up answers as a wrong code does: the answer does not say the account exists.
    const again = await server.send("POST /auth/code/verify", { body: { email, ticket, code } });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe("That code is not right, or it has expired. You have 4 tries left.");
  });

  it("counts wrong codes down per email; after five a new code does not start afresh, but the link works", async () => {
    const { email, ticket } = await registered();
    const code = server.mailbox.lastCode(email);
    for (const left of [4, 3, 2, 1]) {
      const answer = await server.send("POST /auth/code/verify", {
        body: { email, ticket, code: wrong(code) },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(
        `That code is not right, or it has expired. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
      );
    }
    const fifth = await server.send("POST /auth/code/verify", { body: { email, ticket, code: wrong(code) } });
    expect(fifth.status).toBe(423);
    expect(fifth.body.msg).toBe(
      "Too many wrong codes were tried for this email. Open the link in the email we sent instead, or try again later.",
    );
    // Even the right code is refused now, and a new code does not reopen the count: anyone may ask for one.
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket, code } })).status).toBe(423);
    server.clock.advance(61_000);
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket } })).status).toBe(200);
    const fresh = server.mailbox.lastCode(email);
    expect(
      (await server.send("POST /auth/code/verify", { body: { email, ticket, code: fresh } })).status,
    ).toBe(423);
    // The mailed link needs no count: 256 bits cannot be guessed.
    const token = server.mailbox.lastToken(email);
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket, token } })).status).toBe(
      200,
    );
    expect(
      (await server.send("POST /auth/login", { body: { email, password: "bola password 1" } })).status,
    ).toBe(200);
  });

  it("lets one more code be tried after each wait, the waits doubling from 15 minutes", async () => {
    const { email, ticket } = await registered();
    const code = server.mailbox.lastCode(email);
    for (let i = 0; i < 5; i += 1)
      await server.send("POST /auth/code/verify", { body: { email, ticket, code: wrong(code) } });
    server.clock.advance(15 * 60_000 - 1_000);
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket } })).status).toBe(200);
    const fresh = server.mailbox.lastCode(email);
    expect(
      (await server.send("POST /auth/code/verify", { body: { email, ticket, code: fresh } })).status,
    ).toBe(423);
    server.clock.advance(2_000);
    expect(
      (await server.send("POST /auth/code/verify", { body: { email, ticket, code: fresh } })).status,
    ).toBe(200);
  });

  it("refuses a code older than 10 minutes, while the link still works for the day", async () => {
    const { email, ticket } = await registered();
    const code = server.mailbox.lastCode(email);
    const token = server.mailbox.lastToken(email);
    server.clock.advance(10 * 60_000);
    const answer = await server.send("POST /auth/code/verify", { body: { email, ticket, code } });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("That code is not right, or it has expired. You have 4 tries left.");
    server.clock.advance(23 * 3_600_000);
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket, token } })).status).toBe(
      200,
    );
  });

  it("accepts a code just inside its 10 minutes", async () => {
    const { email, ticket } = await registered();
    const code = server.mailbox.lastCode(email);
    server.clock.advance(10 * 60_000 - 1_000);
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket, code } })).status).toBe(200);
  });

  it("refuses a link after its day, and a link used once", async () => {
    const { email, ticket } = await registered();
    const token = server.mailbox.lastToken(email);
    server.clock.advance(24 * 3_600_000);
    const late = await server.send("POST /auth/code/verify", { body: { email, ticket, token } });
    expect(late.status).toBe(400);
    expect(late.body.fields?.token).toEqual([
      "This link has expired or has already been used. Ask for a new email and use the newest link.",
    ]);
    const next = await registered();
    const fresh = server.mailbox.lastToken(next.email);
    expect((await server.send("POST /auth/code/verify", { body: { ...next, token: fresh } })).status).toBe(
      200,
    );
    expect((await server.send("POST /auth/code/verify", { body: { ...next, token: fresh } })).status).toBe(
      400,
    );
  });

  it("resends at most once a minute, and a resent code replaces the old one", async () => {
    const { email, ticket } = await registered();
    const first = server.mailbox.lastCode(email);
    const mailed = server.mailbox.sent.length;
    const tooSoon = await server.send("POST /auth/code/verify", { body: { email, ticket } });
    expect(tooSoon.body).toEqual({ status: true, msg: codeOnItsWay, data: { email } });
    expect(server.mailbox.sent.length).toBe(mailed);

    server.clock.advance(60_000);
    const resent = await server.send("POST /auth/code/verify", { body: { email, ticket } });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ status: true, msg: codeOnItsWay, data: { email } });
    expect(server.mailbox.sent.length).toBe(mailed + 1);
    const second = server.mailbox.lastCode(email);
    if (second !== first) {
      const old = await server.send("POST /auth/code/verify", { body: { email, ticket, code: first } });
      expect(old.status).toBe(400);
    }
    expect(
      (await server.send("POST /auth/code/verify", { body: { email, ticket, code: second } })).status,
    ).toBe(200);
  });

  it("answers an unknown email or ticket exactly as a known one, tries and lock included", async () => {
    const known = await registered();
    const code = wrong(server.mailbox.lastCode(known.email));
    const ghost = { email: "ghost@example.com", ticket: "A".repeat(43) };
    const mailed = server.mailbox.sent.length;
    for (let i = 0; i < 6; i += 1) {
      const guessed = await server.send("POST /auth/code/verify", { body: { ...ghost, code } });
      const real = await server.send("POST /auth/code/verify", { body: { ...known, code } });
      expect(apartFromRequestId(guessed)).toEqual(apartFromRequestId(real));
    }
    expect(await server.post("auth/code/verify/", ghost)).toEqual({
      status: 200,
      body: { status: true, msg: codeOnItsWay, data: { email: "ghost@example.com" } },
    });
    expect(server.mailbox.sent.length).toBe(mailed);
  });

  it("checks no more than five of 200 simultaneous guesses, so the right one sent last is refused", async () => {
    const { email, ticket } = await registered();
    const code = server.mailbox.lastCode(email);
    const guesses = Array.from({ length: 199 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(
      [...guesses, code].map((guess) =>
        server.send("POST /auth/code/verify", { body: { email, ticket, code: guess } }),
      ),
    );
    // Four wrong ones counted down, the fifth locked the code, and the other 195 were never compared.
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 423)).toHaveLength(196);
    expect(answers.at(-1)?.status).toBe(423);
    const [counter] = await server.db
      .select()
      .from(tryCounters)
      .where(eq(tryCounters.key, `code:email_verification:${email}`));
    expect(counter).toMatchObject({ failures: 5, pending: 0 });
    expect(await server.db.$count(users, eq(users.email, email))).toBe(0);
  });

  const ticket = "A".repeat(43);
  it.each([
    [{ email: "a@example.com", ticket, code: "12345" }, "code", "Code must be the 6 digits we emailed you."],
    [{ email: "a@example.com", ticket, code: 123456 }, "code", "Code must be text."],
    [{ ticket, code: "123456" }, "email", "Email address is required."],
    [{ email: "a@example.com", code: "123456" }, "ticket", "Sign-up ticket is required."],
    [
      { email: "a@example.com", ticket: "short", code: "123456" },
      "ticket",
      "This sign-up is not recognised. Sign in with your password.",
    ],
    [
      { email: "a@example.com", ticket, token: "x".repeat(10) },
      "token",
      "This link is not valid. Open it from the email again.",
    ],
    [
      { email: "a@example.com", ticket, code: "123456", token: "x".repeat(43) },
      "code",
      "Send the code or the link's token, not both.",
    ],
    [{ email: "a@example.com", ticket, code: "123456", extra: 1 }, "extra", "This field is not allowed."],
  ])("refuses %j", async (body, field, message) => {
    const answer = await server.post("auth/code/verify/", body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });
});
