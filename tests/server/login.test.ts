import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tryCounters, users } from "../../server/db/schema";
import { signInTries } from "../../server/services/accounts/accounts";
import { whileTimeMoves } from "./support/movingClock";
import { serverForFile } from "./support/serverForFile";
import { type Answer, apartFromRequestId } from "./support/testServer";

// Behind one proxy of ours: X-Forwarded-For names the caller's address.
const server = serverForFile({ TRUST_PROXY: "1" });

describe("POST auth/login/", () => {
  it("answers a fresh token, the role and when the session ends", async () => {
    const person = await server.customer();
    const answer = await server.send("POST /auth/login", {
      body: { email: person.email.toUpperCase(), password: person.password },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Login successful.");
    const data = answer.data;
    if (!data) throw new Error("the login was refused");
    expect(data.role).toBe("customer");
    expect(Buffer.from(data.token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(new Date(data.expires_at).getTime() - server.clock.now().getTime()).toBe(12 * 3_600_000);

    const second = await server.login(person.email, person.password);
    expect(second).not.toBe(data.token);
    expect((await server.send("GET /auth/profile", { token: data.token })).status).toBe(200);
    expect((await server.send("GET /auth/profile", { token: second })).status).toBe(200);
  });

  it("refuses a wrong password and an unknown email with the same message", async () => {
    const person = await server.customer();
    const wrong = await server.send("POST /auth/login", {
      body: { email: person.email, password: "not the password" },
    });
    const unknown = await server.send("POST /auth/login", {
      body: {
        email: "nobody@example.com",
        password: "whatever123",
      },
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        status: false,
        code: "wrong_credentials",
        msg: "Incorrect email or password.",
        data: null,
        req_id: expect.any(String),
      });
    }
  });

  it("answers 403 with the email and a ticket for a sign-up not yet confirmed, so the SPA can ask for the code", async () => {
    const email = "unverified@example.com";
    await server.send("POST /auth/register", {
      body: {
        first_name: "Uche",
        last_name: "Nwosu",
        email,
        phone: "07031234567",
        password: "uche password",
      },
    });
    const answer = await server.send("POST /auth/login", { body: { email, password: "uche password" } });
    expect(answer.status).toBe(403);
    expect(answer.body.status).toBe(false);
    expect(answer.body.data).toEqual({
      email,
      verified: false,
      ticket: expect.stringMatching(/^[\w-]{43}$/),
    });
    // The wrong password still says only that.
    const wrong = await server.send("POST /auth/login", { body: { email, password: "guessing wrong" } });
    expect(wrong.status).toBe(400);
  });

  it("answers a stranger's sign-up of an email with an account exactly as one of an email without, and it confirms nothing", async () => {
    const owner = await server.customer();
    const free = `free.${Math.random().toString(36).slice(2, 10)}@example.com`;
    const stranger = {
      first_name: "Mallam",
      last_name: "Sly",
      phone: "08099999999",
      password: "stranger's secret",
    };
    /** An answer as the stranger sees it, but for the email and the sign-up's own ticket. */
    const seen = (answer: Answer, email: string) =>
      JSON.parse(
        JSON.stringify(apartFromRequestId(answer))
          .replaceAll(email, "<email>")
          .replace(/"ticket":"[\w-]{43}"/, '"ticket":"<ticket>"'),
      );
    const mailed = server.mailbox.sent.length;
    const both = async (ask: (email: string) => Promise<Answer>) => {
      const taken = await ask(owner.email);
      const waiting = await ask(free);
      expect(seen(taken, owner.email)).toEqual(seen(waiting, free));
      return { taken, waiting };
    };
    const registered = await both((email) =>
      server.send("POST /auth/register", { body: { ...stranger, email } }),
    );
    expect(registered.taken.status).toBe(201);
    // Signing in with the stranger's password: 403 with a ticket either way (issue 34, item 3).
    const signedIn = await both((email) =>
      server.send("POST /auth/login", { body: { email, password: stranger.password } }),
    );
    expect(signedIn.taken.status).toBe(403);
    expect(signedIn.taken.body).toMatchObject({
      code: "email_unverified",
      msg: "Please confirm your email with the code we sent you.",
      data: { email: owner.email, verified: false, ticket: expect.stringMatching(/^[\w-]{43}$/) },
    });
    const tickets = new Map(
      [signedIn.taken, signedIn.waiting].map((a) => {
        const data = a.body.data as { email: string; ticket: string };
        return [data.email, data.ticket];
      }),
    );
    const ticket = (email: string) => tickets.get(email) ?? "";
    server.clock.advance(61_000);
    await both((email) => server.send("POST /auth/code/verify", { body: { email, ticket: ticket(email) } }));
    for (let i = 0; i < 6; i++) {
      const code = String(100_000 + i);
      await both((email) =>
        server.send("POST /auth/code/verify", { body: { email, ticket: ticket(email), code } }),
      );
    }
    // Only the inbox tells them apart: the owner is told of the account, never sent a code.
    const sent = server.mailbox.sent.slice(mailed);
    expect(sent.filter((m) => m.to === owner.email).map((m) => m.subject)).toEqual([
      "You already have an OjaPay account",
      "You already have an OjaPay account",
    ]);
    expect(sent.filter((m) => m.to === free).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\d{6} is your OjaPay verification code$/),
      expect.stringMatching(/^\d{6} is your OjaPay verification code$/),
    ]);
    // The owner's account is as it was, and theirs alone.
    expect(
      (await server.send("POST /auth/login", { body: { email: owner.email, password: owner.password } }))
        .status,
    ).toBe(200);
    expect(await server.db.$count(users, eq(users.email, owner.email))).toBe(1);
    const [account] = await server.db.select().from(users).where(eq(users.email, owner.email));
    expect(account).toMatchObject({ firstName: owner.first_name, lastName: owner.last_name });
  });

  it("makes one address wait after 5 wrong passwords, longer after each further one, while others sign in", async () => {
    const person = await server.customer();
    const from = (address: string, password: string) =>
      server.call("POST", "auth/login/", {
        body: { email: person.email, password },
        headers: { "x-forwarded-for": address },
      });
    for (let i = 0; i < 4; i++) expect((await from("203.0.113.7", `wrong ${i} guess`)).status).toBe(400);
    const fifth = await from("203.0.113.7", "wrong again");
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe("Too many failed sign-in attempts. Please try again in 1 minute.");
    // Even the right password waits, from that address only: a stranger cannot lock the owner out.
    expect((await from("203.0.113.7", person.password)).status).toBe(429);
    expect((await from("198.51.100.4", person.password)).status).toBe(200);

    server.clock.advance(30_000);
    const halfway = await from("203.0.113.7", person.password);
    expect(halfway.body.msg).toBe("Too many failed sign-in attempts. Please try again in 30 seconds.");
    server.clock.advance(30_000);
    // One more wrong one doubles the wait.
    const sixth = await from("203.0.113.7", "still wrong");
    expect(sixth.body.msg).toBe("Too many failed sign-in attempts. Please try again in 2 minutes.");
    server.clock.advance(2 * 60_000);
    expect((await from("203.0.113.7", person.password)).status).toBe(200);
    // And the right one starts that address afresh.
    expect((await from("203.0.113.7", "wrong once more")).status).toBe(400);
  });

  it("says the minute it set, not 2 minutes, when time passes while the password is checked", async () => {
    const person = await server.customer();
    const from = (password: string) =>
      server.call("POST", "auth/login/", {
        body: { email: person.email, password },
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
    for (let i = 0; i < 4; i++) expect((await from(`wrong ${i} guess`)).status).toBe(400);
    const fifth = await whileTimeMoves(server.clock, 300, () => from("wrong again"));
    expect(fifth.status).toBe(429);
    expect(fifth.body.msg).toBe("Too many failed sign-in attempts. Please try again in 1 minute.");
  });

  it("checks no more than five of 200 simultaneous passwords from one address; the right one sent last waits", async () => {
    const person = await server.customer();
    const answers = await Promise.all(
      [...Array.from({ length: 199 }, (_, i) => `parallel guess ${i}`), person.password].map((password) =>
        server.send("POST /auth/login", { body: { email: person.email, password } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(196);
    const [counter] = await server.db
      .select()
      .from(tryCounters)
      .where(eq(tryCounters.key, signInTries(person.email, null)));
    expect(counter).toMatchObject({ failures: 5, pending: 0 });
  });

  it("answers an unknown email exactly as a known one with a wrong password, waits included", async () => {
    const person = await server.customer();
    for (let i = 0; i < 7; i++) {
      const ghost = await server.send("POST /auth/login", {
        body: {
          email: "nobody.here@example.com",
          password: `guess ${i} here`,
        },
      });
      const real = await server.send("POST /auth/login", {
        body: { email: person.email, password: `guess ${i} here` },
      });
      expect(apartFromRequestId(ghost)).toEqual(apartFromRequestId(real));
    }
  });

  it("emails a staff or admin account when its sign-in starts to wait, once", async () => {
    const staff = await server.signedInOperator("staff");
    const before = server.mailbox.sent.filter((m) => m.to === staff.email).length;
    for (let i = 0; i < 6; i++) {
      await server.call("POST", "auth/login/", {
        body: { email: staff.email, password: `not it ${i}` },
        headers: { "x-forwarded-for": "192.0.2.55" },
      });
      server.clock.advance(10 * 60_000);
    }
    const alerts = server.mailbox.sent.filter((m) => m.to === staff.email).slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe("Wrong passwords on your OjaPay console account");
    expect(alerts[0]?.text).toContain(
      "5 wrong passwords were just tried on your OjaPay console account from 192.0.2.55",
    );
    // A customer gets no such mail.
    const customer = await server.customer();
    const mailed = server.mailbox.sent.length;
    for (let i = 0; i < 5; i++)
      await server.send("POST /auth/login", { body: { email: customer.email, password: `nope ${i} nope` } });
    expect(server.mailbox.sent.length).toBe(mailed);
  });

  it("forgives earlier wrong passwords after a successful sign-in", async () => {
    const person = await server.customer();
    for (let i = 0; i < 4; i++)
      await server.send("POST /auth/login", { body: { email: person.email, password: `nope ${i} nope` } });
    await server.login(person.email, person.password);
    for (let i = 0; i < 4; i++) {
      expect(
        (await server.send("POST /auth/login", { body: { email: person.email, password: `nope ${i} nope` } }))
          .status,
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
