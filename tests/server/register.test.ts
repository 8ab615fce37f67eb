import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, wallets } from "../../server/db/schema";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const person = (email: string) => ({
  first_name: "Chidi",
  last_name: "Eze",
  email,
  phone: "+2348051234567",
  password: "a long enough secret",
});

describe("POST auth/register/", () => {
  it("creates an unverified customer with a wallet and emails a 6-digit code", async () => {
    const answer = await server.post("auth/register/", person("Chidi.Eze@Example.com"));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      status: true,
      msg: "Almost done: enter the 6-digit code we sent to your email.",
      data: { email: "chidi.eze@example.com" },
    });
    const [user] = await server.db.select().from(users).where(eq(users.email, "chidi.eze@example.com"));
    expect(user).toMatchObject({
      role: "customer",
      phone: "08051234567",
      emailVerifiedAt: null,
      pinHash: null,
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [wallet] = await server.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, user?.id ?? ""));
    expect(wallet?.number).toMatch(/^[1-9]\d{9}$/);
    expect(wallet?.balance).toBe(0);
    expect(server.mailbox.lastCode("chidi.eze@example.com")).toMatch(/^\d{6}$/);
  });

  it("answers a taken email, whatever its case, exactly as a new one, and tells its owner by email", async () => {
    const first = await server.post("auth/register/", person("dup@example.com"));
    const [before] = await server.db.select().from(users).where(eq(users.email, "dup@example.com"));
    const mailed = server.mailbox.sent.length;
    const again = await server.post("auth/register/", {
      ...person("  DUP@example.com "),
      password: "another long secret",
    });
    expect(again).toEqual(first);
    // Not verified yet: the owner gets a fresh code, and the first password stays.
    const note = server.mailbox.sent.slice(mailed);
    expect(note).toHaveLength(0); // a code went out less than a minute ago
    server.clock.advance(61_000);
    await server.post("auth/register/", person("dup@example.com"));
    const fresh = server.mailbox.sent.at(-1);
    expect(fresh?.to).toBe("dup@example.com");
    expect(fresh?.text).toContain("sign in with the password you chose the first time");
    const [after] = await server.db.select().from(users).where(eq(users.email, "dup@example.com"));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    await server.post("auth/code/verify/", {
      email: "dup@example.com",
      code: server.mailbox.lastCode("dup@example.com"),
    });
    // Verified: the owner is told someone tried, and nothing changes.
    const third = await server.post("auth/register/", person("dup@example.com"));
    expect(third).toEqual(first);
    expect(server.mailbox.sent.at(-1)).toMatchObject({
      to: "dup@example.com",
      subject: "You already have an OjaPay account",
    });
    expect(await server.db.$count(users, eq(users.email, "dup@example.com"))).toBe(1);
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
    const answer = await server.post("auth/register/", { ...person("policy.test@example.com"), password });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.password).toEqual([message]);
    expect(await server.db.$count(users, eq(users.email, "policy.test@example.com"))).toBe(0);
  });

  it("records who referred the customer, and refuses an unknown referral code", async () => {
    const referrer = await server.signedInCustomer();
    const code = (await server.sendOk("GET /auth/profile", { token: referrer.token })).referral_code;
    const ok = await server.post("auth/register/", {
      ...person("referred@example.com"),
      referral_code: code.toLowerCase(),
    });
    expect(ok.status).toBe(201);
    const [row] = await server.db.select().from(users).where(eq(users.email, "referred@example.com"));
    expect(row?.referredBy).toBe(referrer.id);

    const bad = await server.post("auth/register/", {
      ...person("nobody@example.com"),
      referral_code: "ZZZZZZZZ",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ referral_code: ["That referral code is not valid."] });
    expect(await server.db.select().from(users).where(eq(users.email, "nobody@example.com"))).toHaveLength(0);
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
      const before = await server.db.$count(users);
      const answer = await server.call("POST", "auth/register/", request);
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe(false);
      expect(answer.body.data).toBeNull();
      expect(answer.body.fields?.[field]).toContain(message);
      expect(typeof answer.body.msg).toBe("string");
      expect(answer.body.msg.length).toBeGreaterThan(5);
      expect(await server.db.$count(users)).toBe(before);
    });
  });
});
