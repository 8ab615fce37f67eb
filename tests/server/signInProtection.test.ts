import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountGuard } from "../../server/services/signInProtection";
import { asSeen } from "./support/asSeen";
import { createTestServer, type TestServer } from "./support/testServer";

/**
 * Issue 23: 160 wrong passwords from 40 addresses (4 each) were all checked, and forty wrong admin
 * passwords from 10 addresses sent no alert. From `accountGuard.threshold` wrong passwords on, from
 * any mix of addresses, signing in needs a code mailed to the owner as well.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ TRUST_PROXY: "1" });
});
afterAll(() => server.close());

const from = (address: string, body: { email: string; password: string; code?: string }) =>
  server.call("POST", "auth/login/", { body, headers: { "x-forwarded-for": address } });

/** Four wrong passwords from each of `addresses` addresses: never enough to slow any one of them. */
async function spreadGuesses(email: string, addresses: number) {
  const answers = [];
  for (let a = 0; a < addresses; a++)
    for (let i = 0; i < 4; i++)
      answers.push(await from(`198.51.${a}.9`, { email, password: `guess ${a}-${i}!` }));
  return answers;
}

describe("wrong passwords spread over many addresses", () => {
  it("make signing in need a mailed code once they reach the threshold, and tell the owner once", async () => {
    const c = await server.customer();
    const mailed = server.mailbox.sent.length;
    const answers = await spreadGuesses(c.email, 40);
    expect(answers.slice(0, accountGuard.threshold).every((a) => a.body.code === "wrong_credentials")).toBe(
      true,
    );
    const later = answers.slice(accountGuard.threshold);
    expect(later.every((a) => a.status === 403 && a.body.code === "sign_in_code_needed")).toBe(true);
    const warnings = server.mailbox.sent.slice(mailed);
    expect(warnings.map((m) => m.subject)).toEqual([
      "Many wrong passwords were tried on your OjaPay account",
    ]);
    expect(warnings[0]?.to).toBe(c.email);

    // The right password answers exactly as a wrong one: the guesser learns nothing of it.
    const right = await from("203.0.113.50", { email: c.email, password: c.password });
    const wrong = await from("203.0.113.51", { email: c.email, password: "yet another guess" });
    expect(asSeen(right)).toEqual(asSeen(wrong));
    // Only the right password mails its owner a code; the owner signs in with both.
    const code = server.mailbox.lastCode(c.email);
    expect(server.mailbox.sent.at(-1)?.subject).toBe(`${code} is your OjaPay sign-in code`);
    const guessedCode = await from("203.0.113.52", { email: c.email, password: "still guessing", code });
    expect(guessedCode.status).toBe(403);
    const signedIn = await from("203.0.113.50", { email: c.email, password: c.password, code });
    expect(signedIn.status).toBe(200);
  });

  it("check no more than ten of 200 simultaneous wrong passwords from 40 addresses without the code", async () => {
    const c = await server.customer();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        from(`198.18.${i % 40}.1`, { email: c.email, password: `burst guess ${i}!` }),
      ),
    );
    // The wrong ones so far and those still being checked are counted before each is checked.
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((code) => code === "wrong_credentials")).toHaveLength(accountGuard.threshold);
    // The rest were asked for the code, or (each address's fifth) made to wait.
    const rest = codes.filter((code) => code !== "wrong_credentials");
    expect(new Set(rest)).toEqual(new Set(["sign_in_code_needed", "too_many_attempts"]));
    expect((await from("203.0.113.90", { email: c.email, password: c.password })).body.code).toBe(
      "sign_in_code_needed",
    );
  });

  it("answer an unknown email exactly as a known one", async () => {
    const c = await server.customer();
    const known = await spreadGuesses(c.email, 3);
    const unknown = await spreadGuesses("nobody.here@example.com", 3);
    expect(unknown.map((a) => asSeen(a).body)).toEqual(known.map((a) => asSeen(a).body));
  });

  it("refuse the owner's mailed code with a wrong password, and a wrong code with the right one", async () => {
    const c = await server.customer();
    await spreadGuesses(c.email, 3);
    await from("203.0.113.60", { email: c.email, password: c.password });
    const code = server.mailbox.lastCode(c.email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answer = await from("203.0.113.60", { email: c.email, password: c.password, code: wrongCode });
    expect(answer.status).toBe(403);
    expect(answer.body.fields?.code).toEqual(["Check the code."]);
    expect((await from("203.0.113.60", { email: c.email, password: c.password, code })).status).toBe(200);
  });

  it("stop asking for the code after a day with no wrong password", async () => {
    const c = await server.customer();
    await spreadGuesses(c.email, 3);
    expect((await from("203.0.113.70", { email: c.email, password: c.password })).status).toBe(403);
    server.clock.advance(accountGuard.forgetAfterMs + 1_000);
    expect((await from("203.0.113.70", { email: c.email, password: c.password })).status).toBe(200);
  });

  it("alert a staff member when forty wrong passwords come from ten addresses", async () => {
    const admin = await server.signedInOperator("admin");
    const mailed = server.mailbox.sent.length;
    await spreadGuesses(admin.email, 10);
    const alerts = server.mailbox.sent.slice(mailed).filter((m) => m.to === admin.email);
    expect(alerts.map((m) => m.subject)).toContain("Many wrong passwords were tried on your OjaPay account");
  });
});
