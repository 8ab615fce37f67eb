import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUps, users, wallets } from "../../server/db/schema";
import { openWallet } from "../../server/services/accounts/walletAccounts";
import { serverForFile } from "./support/serverForFile";

/**
 * Issue 23, item 1: an attacker signs up with someone else's email and the attacker's password, before
 * or after its owner does. Whatever the order and whichever mailed code or link the owner uses, the
 * account that becomes usable is the one whose password the inbox's holder chose.
 */
const server = serverForFile();

let n = 0;
const victimEmail = () => {
  n += 1;
  return `amaka${n}@example.com`;
};
const attacker = {
  first_name: "Mallam",
  last_name: "Sly",
  phone: "08099999999",
  password: "attacker secret 42",
};
const victim = {
  first_name: "Amaka",
  last_name: "Obi",
  phone: "08031112222",
  password: "amaka's own secret",
};

async function signUp(who: typeof attacker, email: string) {
  const answer = await server.sendOk("POST /auth/register", { body: { ...who, email } });
  return {
    ticket: answer.ticket,
    code: server.mailbox.lastCode(email),
    token: server.mailbox.lastToken(email),
  };
}

const signIn = (email: string, password: string) =>
  server.send("POST /auth/login", { body: { email, password } });

/**
 * The victim's password signs in; the attacker's, whose sign-up the account superseded, answers as a
 * waiting sign-up's does until it expires (so it says nothing of the account), with a ticket that
 * confirms nothing, even with the attacker's own code.
 */
async function expectOwnedByVictim(email: string, attackerCode?: string) {
  expect((await signIn(email, victim.password)).status).toBe(200);
  const attempt = await signIn(email, attacker.password);
  expect(attempt.status).toBe(403);
  expect(attempt.body.code).toBe("email_unverified");
  const { ticket } = attempt.body.data as { ticket: string };
  const code = attackerCode ?? "123456";
  const confirmed = await server.send("POST /auth/code/verify", { body: { email, ticket, code } });
  expect(confirmed.body.code).toBe("wrong_code");
  const [account] = await server.db.select().from(users).where(eq(users.email, email));
  expect(account).toMatchObject({ firstName: "Amaka", lastName: "Obi", phone: "08031112222" });
  expect(await server.db.$count(users, eq(users.email, email))).toBe(1);
}

describe("a sign-up with someone else's email", () => {
  it("never becomes the account when the attacker signs up first and the owner confirms their own", async () => {
    const email = victimEmail();
    const theirs = await signUp(attacker, email);
    server.clock.advance(61_000);
    const mine = await signUp(victim, email);
    expect(
      (await server.send("POST /auth/code/verify", { body: { email, ticket: mine.ticket, code: mine.code } }))
        .status,
    ).toBe(200);
    await expectOwnedByVictim(email, theirs.code);
    // The owner is told a stranger tried, and the stranger's sign-up is over for good.
    expect(server.mailbox.sent.at(-1)).toMatchObject({
      to: email,
      subject: "Someone else tried to sign up with your email",
    });
    const ended = await server.send("POST /auth/code/verify", {
      body: { email, ticket: theirs.ticket, code: theirs.code },
    });
    expect(ended.status).toBe(400);
    expect(
      await server.db.$count(signUps, and(eq(signUps.email, email), eq(signUps.outcome, "superseded"))),
    ).toBe(1);
  });

  it("never becomes the account when the owner signs up first and the attacker after", async () => {
    const email = victimEmail();
    const mine = await signUp(victim, email);
    await signUp(attacker, email);
    const verified = await server.send("POST /auth/code/verify", {
      body: { email, ticket: mine.ticket, code: mine.code },
    });
    expect(verified.status).toBe(200);
    await expectOwnedByVictim(email);
  });

  it("is not confirmed by the owner using the attacker's code or link: each proves only its own sign-up", async () => {
    const email = victimEmail();
    const theirs = await signUp(attacker, email);
    server.clock.advance(61_000);
    const mine = await signUp(victim, email);
    // Both mails reached the owner's inbox; the owner picks the wrong one.
    const byCode = await server.send("POST /auth/code/verify", {
      body: { email, ticket: mine.ticket, code: theirs.code },
    });
    expect(byCode.status).toBe(400);
    const byLink = await server.send("POST /auth/code/verify", {
      body: {
        email,
        ticket: mine.ticket,
        token: theirs.token,
      },
    });
    expect(byLink.status).toBe(400);
    expect(byLink.body.msg).toMatch(/^This link confirms a different sign-up with this email/);
    expect(await server.db.$count(users, eq(users.email, email))).toBe(0);
    // Their own link still works (it was not used up by the refusal).
    expect(
      (
        await server.send("POST /auth/code/verify", {
          body: { email, ticket: mine.ticket, token: mine.token },
        })
      ).status,
    ).toBe(200);
    await expectOwnedByVictim(email, theirs.code);
  });

  it("needs the owner's password on another device: signing in gives the ticket for their own sign-up only", async () => {
    const email = victimEmail();
    await signUp(victim, email);
    const theirs = await signUp(attacker, email);
    // The owner opens the mail on a laptop with no ticket: signing in with their password proves it.
    const asked = await signIn(email, victim.password);
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({
      code: "email_unverified",
      data: { email, verified: false, ticket: expect.stringMatching(/^[\w-]{43}$/) },
    });
    const { ticket } = asked.body.data as { ticket: string };
    // That ticket does not stand for the attacker's sign-up, whose link the owner may open.
    expect(
      (await server.send("POST /auth/code/verify", { body: { email, ticket, token: theirs.token } })).status,
    ).toBe(400);
    // The attacker's own password gets the attacker's ticket, which is useless without the inbox.
    const theirSignIn = await signIn(email, attacker.password);
    expect(theirSignIn.status).toBe(403);
    const ownLink = server.mailbox.sent.filter((m) => m.to === email).at(0);
    const token = ownLink?.text.match(/#token=([\w-]{43})/)?.[1] ?? "";
    expect((await server.send("POST /auth/code/verify", { body: { email, ticket, token } })).status).toBe(
      200,
    );
    await expectOwnedByVictim(email);
  });

  it("makes exactly one account when two sign-ups of one email are confirmed at once, every time", async () => {
    // Eight times over: the two confirmations lock the same rows in different orders only sometimes
    // (a deadlock, answered 500, until the other sign-up's codes were taken with SKIP LOCKED).
    for (let round = 0; round < 8; round++) {
      const email = victimEmail();
      const first = await signUp(victim, email);
      server.clock.advance(61_000);
      const second = await signUp({ ...victim, password: "another of amaka's" }, email);
      const answers = await Promise.all([
        server.send("POST /auth/code/verify", { body: { email, ticket: first.ticket, token: first.token } }),
        server.send("POST /auth/code/verify", {
          body: { email, ticket: second.ticket, token: second.token },
        }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(await server.db.$count(users, eq(users.email, email))).toBe(1);
      const [account] = await server.db.select().from(users).where(eq(users.email, email));
      expect(await server.db.$count(wallets, eq(wallets.userId, account?.id ?? ""))).toBe(1);
    }
  });
});

describe("migration 0010", () => {
  it("turns a never-verified customer into a sign-up, and leaves one with money alone", async () => {
    const now = server.clock.now();
    const legacy = async (email: string) => {
      const [row] = await server.db
        .insert(users)
        .values({
          email,
          firstName: "Old",
          lastName: "Timer",
          phone: "08030000000",
          passwordHash: "$argon2id$old",
          referralCode: `L${Math.random().toString(36).slice(2, 9).toUpperCase()}`,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await openWallet(server.db, server.clock, row?.id ?? "");
      return row?.id ?? "";
    };
    await legacy("legacy.plain@example.com");
    const funded = await legacy("legacy.funded@example.com");
    await server.fund(funded, 5_000); // staff funding: a ledger entry now refers to its wallet
    const file = readFileSync(
      new URL("../../server/db/migrations/0010_sign_ups_and_mail_outbox.sql", import.meta.url),
      "utf8",
    );
    await server.db.execute(sql.raw(file.slice(file.indexOf("DO $$"))));
    expect(await server.db.$count(users, eq(users.email, "legacy.plain@example.com"))).toBe(0);
    const [moved] = await server.db
      .select()
      .from(signUps)
      .where(eq(signUps.email, "legacy.plain@example.com"));
    expect(moved).toMatchObject({ passwordHash: "$argon2id$old", firstName: "Old", endedAt: null });
    expect(await server.db.$count(users, eq(users.email, "legacy.funded@example.com"))).toBe(1);
  });
});
