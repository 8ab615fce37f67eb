import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUps, users, wallets } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

const person = (email: string) => ({
  first_name: "Chidi",
  last_name: "Eze",
  email,
  phone: "+2348051234567",
  password: "a long enough secret",
});

describe("POST auth/register/", () => {
  it("keeps a sign-up apart, emails a code and a link, and makes the account with a wallet once confirmed", async () => {
    const answer = await server.send("POST /auth/register", { body: person("Chidi.Eze@Example.com") });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: true,
      msg: "Almost done: enter the 6-digit code we sent to your email.",
      data: { email: "chidi.eze@example.com", ticket: expect.stringMatching(/^[\w-]{43}$/) },
    });
    // No account yet: only a sign-up, whose password is already hashed.
    expect(await server.db.$count(users, eq(users.email, "chidi.eze@example.com"))).toBe(0);
    const [signUp] = await server.db.select().from(signUps).where(eq(signUps.email, "chidi.eze@example.com"));
    expect(signUp).toMatchObject({ phone: "08051234567", endedAt: null });
    expect(signUp?.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = server.mailbox.sent.at(-1);
    expect(mail?.subject).toMatch(/^\d{6} is your OjaPay verification code$/);
    expect(server.mailbox.lastLink("chidi.eze@example.com").pathname).toBe("/auth/verify-email");

    const { ticket } = answer.body.data as { ticket: string };
    const code = server.mailbox.lastCode("chidi.eze@example.com");
    const verified = await server.send("POST /auth/code/verify", {
      body: { email: "chidi.eze@example.com", ticket, code },
    });
    expect(verified.status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, "chidi.eze@example.com"));
    expect(user).toMatchObject({ role: "customer", phone: "08051234567", pinHash: null });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.passwordHash).toBe(signUp?.passwordHash);
    const [wallet] = await server.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, user?.id ?? ""));
    expect(wallet?.number).toMatch(/^[1-9]\d{9}$/);
    expect(wallet?.balance).toBe(0);
  });

  it("answers an email with an account, whatever its case, exactly as a new one, and tells its owner", async () => {
    const owner = await server.customer({ email: "dup@example.com" });
    const first = await server.send("POST /auth/register", { body: person("fresh.dup@example.com") });
    const again = await server.send("POST /auth/register", {
      body: {
        ...person("  DUP@example.com "),
        password: "another long secret",
      },
    });
    expect(again.status).toBe(first.status);
    expect(again.body.msg).toBe(first.body.msg);
    expect(again.body.data).toEqual({
      email: "dup@example.com",
      ticket: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(server.mailbox.sent.at(-1)).toMatchObject({
      to: "dup@example.com",
      subject: "You already have an OjaPay account",
    });
    // Nothing changes, and the ticket confirms nothing.
    const waiting = and(eq(signUps.email, "dup@example.com"), isNull(signUps.endedAt));
    expect(await server.db.$count(signUps, waiting)).toBe(0);
    const { ticket } = again.body.data as { ticket: string };
    const tried = await server.send("POST /auth/code/verify", {
      body: {
        email: "dup@example.com",
        ticket,
        code: "123456",
      },
    });
    expect(tried.status).toBe(400);
    expect(await server.login(owner.email, owner.password)).toBeTruthy();
  });

  it.each([
    [
      "a common password",
      "1234567890",
      "This password is too common: it appears in lists of leaked passwords. Please choose another.",
    ],
    [
      "a breached password, spaced out",
      "pass word 123",
      "This password is too common: it appears in lists of leaked passwords. Please choose another.",
    ],
    [
      "one character repeated",
      "aaaaaaaaaaaa",
      "This password repeats too few characters. Please choose another.",
    ],
    ["only spaces", "            ", "Password cannot be only spaces."],
    [
      "the email itself",
      "policy.test@example.com",
      "Your password cannot be your email or your name. Please choose another.",
    ],
    ["the name", "Chidi Eze!", "Your password cannot be your email or your name. Please choose another."],
    ["nine characters", "nine char", "Password must be at least 10 characters."],
  ])("refuses %s as a password, and creates nothing", async (_name, password, message) => {
    const answer = await server.send("POST /auth/register", {
      body: { ...person("policy.test@example.com"), password },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.password).toEqual([message]);
    expect(await server.db.$count(signUps, eq(signUps.email, "policy.test@example.com"))).toBe(0);
  });

  it("records who referred the customer, and refuses an unknown referral code", async () => {
    const referrer = await server.signedInCustomer();
    const code = (await server.sendOk("GET /auth/profile", { token: referrer.token })).referral_code;
    const ok = await server.send("POST /auth/register", {
      body: {
        ...person("referred@example.com"),
        referral_code: code.toLowerCase(),
      },
    });
    expect(ok.status).toBe(201);
    const { ticket } = ok.body.data as { ticket: string };
    const mailed = server.mailbox.lastCode("referred@example.com");
    await server.send("POST /auth/code/verify", {
      body: { email: "referred@example.com", ticket, code: mailed },
    });
    const [row] = await server.db.select().from(users).where(eq(users.email, "referred@example.com"));
    expect(row?.referredBy).toBe(referrer.id);

    const bad = await server.send("POST /auth/register", {
      body: {
        ...person("nobody@example.com"),
        referral_code: "ZZZZZZZZ",
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ referral_code: ["That referral code is not valid."] });
    expect(await server.db.$count(signUps, eq(signUps.email, "nobody@example.com"))).toBe(0);
  });

  describe("refuses malformed bodies with a 400 envelope and writes nothing", () => {
    const cases: Array<[string, { body?: unknown; raw?: string }, string, string]> = [
      ["missing fields", { body: { email: "x@example.com" } }, "first_name", "First name is required."],
      [
        "wrong types",
        { body: { ...person("t@example.com"), first_name: 42 } },
        "first_name",
        "First name must be text.",
      ],
      [
        "extra fields",
        { body: { ...person("e@example.com"), is_admin: true } },
        "is_admin",
        "This field is not allowed.",
      ],
      [
        "a huge string",
        { body: { ...person("h@example.com"), first_name: "A".repeat(200_000) } },
        "first_name",
        "First name must be at most 50 characters.",
      ],
      [
        "a too-long password",
        { body: { ...person("p@example.com"), password: "x".repeat(129) } },
        "password",
        "Password must be at most 128 characters.",
      ],
      [
        "a short password",
        { body: { ...person("s@example.com"), password: "short" } },
        "password",
        "Password must be at least 10 characters.",
      ],
      [
        "a bad email",
        { body: { ...person("not-an-email"), email: "not-an-email" } },
        "email",
        "Enter a valid email address.",
      ],
      [
        "a foreign phone",
        { body: { ...person("f@example.com"), phone: "+14155550100" } },
        "phone",
        "Enter a Nigerian mobile number, like 08031234567.",
      ],
      [
        "a NUL in a name",
        { body: { ...person("nul@example.com"), last_name: "Obi\u0000" } },
        "last_name",
        "Text may not contain the NUL character (U+0000).",
      ],
      [
        "a NUL in a key",
        { raw: `{"first_name\\u0000": "Ada"}` },
        "_",
        "Text may not contain the NUL character (U+0000).",
      ],
      ["broken JSON", { raw: '{"first_name": "Ada",' }, "_", "The request body must be valid JSON."],
      ["an array", { raw: "[1,2,3]" }, "_", "The request body must be a JSON object."],
      ["null", { raw: "null" }, "_", "The request body must be a JSON object."],
    ];
    it.each(cases)("%s", async (_name, request, field, message) => {
      const before = [await server.db.$count(users), await server.db.$count(signUps)];
      const answer = await server.call("POST", "auth/register/", request);
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe(false);
      expect(answer.body.data).toBeNull();
      expect(answer.body.fields?.[field]).toContain(message);
      expect(typeof answer.body.msg).toBe("string");
      expect(answer.body.msg.length).toBeGreaterThan(5);
      expect([await server.db.$count(users), await server.db.$count(signUps)]).toEqual(before);
    });
  });
});
