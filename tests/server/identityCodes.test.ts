import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, identityConfirmations, smsMessages, users } from "../../server/db/schema";
import { registryPhoneOf } from "../../server/outside/didit/simulator/diditSimulator";
import { identityCodesSent, lastIdentityCode } from "./support/identityCodes";
import { ownServerWithin, serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

// Identity proven by the registry's phone (issue 38, item 4): a matched BVN or NIN raises nothing by
// itself; a code sent by SMS to the phone the registry holds does, or staff where no code can go.

const server = serverForFile();
const termii = () => {
  const sims = server.deps.simulators;
  if (!sims) throw new Error("the simulators are on in tests");
  return sims.termii.control;
};

type Person = Awaited<ReturnType<TestServer["signedInCustomer"]>>;
const born = "1990-05-04";
const ownNumber = () => `2${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}1`;
/** A number the simulated registry holds for whoever asks, with no phone on the record. */
const phonelessNumber = () => `2${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}6666`;

const verify = (person: Person, number: string, id_type: "bvn" | "nin" = "bvn") =>
  server.send("POST /core/customer/kyc/verify", {
    token: person.token,
    body: { id_type, number, date_of_birth: born },
  });
const confirm = (person: Person, code: string) =>
  server.send("POST /core/customer/kyc/confirm-code", { token: person.token, body: { code } });
const resend = (person: Person) =>
  server.send("POST /core/customer/kyc/resend-code", { token: person.token });
const kycOf = (person: Person) => server.sendOk("GET /core/customer/kyc", { token: person.token });
const tierOf = async (person: Person) =>
  (await server.db.select().from(users).where(eq(users.id, person.id)))[0]?.kycTier;
/** A code that is not the one sent (the sent one with its last digit moved on). */
const wrongOf = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

describe("a check the registry matches, its record holding a phone", () => {
  it("sends a code by SMS to the record's phone, not the profile's, sealed, and leaves the tier as it is", async () => {
    const ada = await server.signedInCustomer({ phone: "08091112222" });
    const number = ownNumber();
    // The gateway is down when the code leaves, so it waits in the outbox, where it is seen sealed.
    termii().down(1);
    const answer = await verify(ada, number);
    await server.deps.sms?.idle();
    const [queued] = await server.db.select().from(smsMessages).where(eq(smsMessages.userId, ada.id));
    expect(queued).toMatchObject({ purpose: "identity_code", sealed: true, sentAt: null });
    expect(answer.status).toBe(200);
    const phone = `0803${number.slice(-7)}`;
    const masked = `0803 *** **${number.slice(-2)}`;
    expect(answer.body.msg).toBe(
      `Your BVN matched your details. A code was sent to ${masked}, the phone your bank holds for your BVN: enter it to finish.`,
    );
    expect(answer.data).toMatchObject({
      tier: 1,
      verified_at: null,
      details_locked: true,
      last_check: { outcome: "matched", id_last4: number.slice(-4) },
      confirmation: {
        state: "awaiting_code",
        id_type: "bvn",
        id_last4: number.slice(-4),
        phone: masked,
        expires_at: new Date(server.clock.now().getTime() + 10 * 60_000).toISOString(),
        resend_at: new Date(server.clock.now().getTime() + 60_000).toISOString(),
      },
    });
    expect(await tierOf(ada)).toBe(1);
    server.clock.advance(60_000);
    const [sent, ...more] = await identityCodesSent(server, ada.id);
    expect(more).toHaveLength(0);
    expect(sent?.to).toBe(`234${phone.slice(1)}`);
    expect(registryPhoneOf(number)).toBe(`+234${phone.slice(1)}`);
    expect(queued?.message).not.toContain(sent?.code);
    // Once Termii took it, the outbox keeps no text at all.
    expect(sent?.stored).toBeNull();
    expect(
      await server.db.select().from(smsMessages).where(eq(smsMessages.recipient, "2348091112222")),
    ).toEqual([]);
  });

  it("raises the tier with the right code, audited with the customer as the actor", async () => {
    const ada = await server.signedInCustomer();
    const number = ownNumber();
    await verify(ada, number, "nin");
    const answer = await confirm(ada, await lastIdentityCode(server, ada.id));
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Your identity is verified. Your account is now tier 2.");
    expect(answer.data).toMatchObject({
      tier: 2,
      tier_source: "identity_check",
      id_type: "nin",
      id_last4: number.slice(-4),
      verified_name: "Ada Okafor",
      can_verify: false,
      confirmation: null,
    });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "kyc.code.confirm"), eq(auditLog.targetId, ada.id)));
    expect(entry).toMatchObject({
      actorId: ada.id,
      before: { status: "pending", tier: 1, verified_at: null },
      after: { status: "approved", tier: 2, id_type: "nin", id_last4: number.slice(-4) },
    });
    // Used once: the same code again finds nothing waiting.
    const again = await confirm(ada, await lastIdentityCode(server, ada.id));
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("not_allowed");
  });

  it("ends the code after five wrong tries, even sent at once; the right one is refused then", async () => {
    const ada = await server.signedInCustomer();
    await verify(ada, ownNumber());
    const code = await lastIdentityCode(server, ada.id);
    const first = await confirm(ada, wrongOf(code));
    expect(first.status).toBe(400);
    expect(first.body.fields?.code).toEqual(["That code is not right. You have 4 tries left."]);
    const rest = await Promise.all(Array.from({ length: 8 }, () => confirm(ada, wrongOf(code))));
    expect(rest.filter((a) => a.body.code === "wrong_code")).toHaveLength(3);
    const ended = rest.filter((a) => a.status === 423);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    expect(ended[0]?.body.msg).toBe(
      "Five wrong codes were tried, so this code has ended. Verify your BVN or NIN again to get a new one.",
    );
    const right = await confirm(ada, code);
    expect(right.status).toBe(400);
    expect(right.body.msg).toBe("No code is waiting: verify your BVN or NIN first to get one.");
    expect(await tierOf(ada)).toBe(1);
    expect(await kycOf(ada)).toMatchObject({ confirmation: null, can_verify: true });
  });

  it("refuses a code past its ten minutes, counting nothing; a new code works", async () => {
    const ada = await server.signedInCustomer();
    await verify(ada, ownNumber());
    const old = await lastIdentityCode(server, ada.id);
    server.clock.advance(10 * 60_000);
    const late = await confirm(ada, old);
    expect(late.status).toBe(400);
    expect(late.body.fields?.code).toEqual(["This code has expired. Ask for a new one."]);
    expect((await resend(ada)).status).toBe(200);
    const fresh = await lastIdentityCode(server, ada.id);
    if (fresh !== old) expect((await confirm(ada, old)).body.code).toBe("wrong_code");
    expect((await confirm(ada, fresh)).status).toBe(200);
    expect(await tierOf(ada)).toBe(2);
  });

  it("resends once a minute and five codes a day, one code for requests at the same moment", async () => {
    const ada = await server.signedInCustomer();
    await verify(ada, ownNumber());
    const soon = await resend(ada);
    expect(soon.status).toBe(429);
    expect(soon.body.msg).toBe("Please wait 1 minute before asking for another code.");
    for (let i = 0; i < 4; i++) {
      server.clock.advance(61_000);
      const together = await Promise.all([resend(ada), resend(ada), resend(ada)]);
      expect(together.filter((a) => a.status === 200)).toHaveLength(1);
      expect(together.filter((a) => a.status === 429)).toHaveLength(2);
    }
    expect(await identityCodesSent(server, ada.id)).toHaveLength(5);
    server.clock.advance(61_000);
    const sixth = await resend(ada);
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toMatch(/^Five codes were sent today\. You can ask for another in /);
    expect((await kycOf(ada)).confirmation?.resend_at).not.toBeNull();
    server.clock.advance(24 * 3_600_000);
    const back = { ...ada, token: await server.login(ada.email, ada.password) };
    const nextDay = await resend(back);
    expect(nextDay.status).toBe(200);
    expect(nextDay.body.msg).toBe(`A new code was sent to ${nextDay.data?.confirmation?.phone}.`);
    expect((await confirm(back, await lastIdentityCode(server, ada.id))).status).toBe(200);
  });

  it("counts the day's five codes per customer: checking again sends no more, and is refused before the lookup", async () => {
    const ada = await server.signedInCustomer();
    const number = ownNumber();
    for (let i = 0; i < 5; i++) {
      server.clock.advance(61_000);
      expect((await verify(ada, number)).status).toBe(200);
    }
    expect(await identityCodesSent(server, ada.id)).toHaveLength(5);
    server.clock.advance(61_000);
    const sixth = await verify(ada, number);
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toMatch(/^Five identity codes were sent to you today\. You can check again in /);
    const again = await resend(ada);
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^Five codes were sent today\. You can ask for another in /);
    expect(await identityCodesSent(server, ada.id)).toHaveLength(5);
    // The last code still works: the limit stops new codes, not the one waiting.
    expect((await confirm(ada, await lastIdentityCode(server, ada.id))).status).toBe(200);
  });

  it("writes no code to a log line or a mail", async () => {
    const ada = await server.signedInCustomer();
    await verify(ada, ownNumber());
    server.clock.advance(61_000);
    await resend(ada);
    const codes = (await identityCodesSent(server, ada.id)).map((s) => s.code);
    await confirm(ada, wrongOf(codes[0] ?? "000000"));
    await confirm(ada, codes[0] ?? "");
    const logged = server.logLines.join("\n");
    const mailed = JSON.stringify(server.mailbox.sent);
    for (const code of codes) {
      expect(logged).not.toContain(code);
      expect(mailed).not.toContain(code);
    }
  });

  it.each([
    [{ code: "12345" }, "Enter the 6 digits of the code we sent by text message."],
    [{ code: "12345a" }, "Enter the 6 digits of the code we sent by text message."],
    [{}, undefined],
  ])("answers 400 for %j", async (body, message) => {
    const ada = await server.signedInCustomer();
    const answer = await server.post("core/customer/kyc/confirm-code/", body, ada.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty("code");
    if (message) expect(answer.body.fields?.code).toContain(message);
  });

  it("has nothing to confirm or resend before a check", async () => {
    const ada = await server.signedInCustomer();
    expect((await confirm(ada, "123456")).body.msg).toBe(
      "No code is waiting: verify your BVN or NIN first to get one.",
    );
    expect((await resend(ada)).status).toBe(400);
  });
});

describe("a match whose record holds no phone", () => {
  it("goes to staff, tier unchanged; staff approve it (audited, a notice) or reject it", async () => {
    const staff = await server.signedInOperator("staff");
    const ada = await server.signedInCustomer();
    const number = phonelessNumber();
    const answer = await verify(ada, number, "nin");
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(
      "Your NIN matched your details. Staff will confirm it is yours before your tier rises; you will get a notice.",
    );
    expect(answer.data).toMatchObject({
      tier: 1,
      can_verify: false,
      confirmation: { state: "in_review", phone: null, expires_at: null },
    });
    expect(await identityCodesSent(server, ada.id)).toEqual([]);
    const again = await verify(ada, ownNumber());
    expect(again.status).toBe(400);
    // Nothing to correct either: the match carries the registry's names.
    const correction = await server.send("POST /core/customer/kyc/changes", {
      token: ada.token,
      body: { first_name: "Bola" },
    });
    expect(correction.status).toBe(400);
    expect(correction.body.code).toBe("not_allowed");
    const queue = await server.sendOk("GET /core/staff/kyc/matches", { token: staff.token, query: {} });
    const item = queue.results.find((r) => r.customer.id === ada.id);
    expect(item).toMatchObject({
      status: "pending",
      reason: "no_registry_phone",
      id_type: "nin",
      id_last4: number.slice(-4),
      record_name: "Ada Okafor",
      record_phone: null,
    });
    const decided = await server.sendOk("POST /core/staff/kyc/matches/:id/approve", {
      token: staff.token,
      params: { id: item?.id ?? "" },
      body: { reason: "Called the customer; the NIN slip matches" },
    });
    expect(decided).toMatchObject({
      status: "approved",
      resolution: "Called the customer; the NIN slip matches",
    });
    expect(await tierOf(ada)).toBe(2);
    const twice = await server.send("POST /core/staff/kyc/matches/:id/reject", {
      token: staff.token,
      params: { id: item?.id ?? "" },
      body: { reason: "Too late" },
    });
    expect(twice.status).toBe(409);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "kyc.match.approve"), eq(auditLog.targetId, ada.id)));
    expect(entry).toMatchObject({ actorId: staff.id, after: { status: "approved", tier: 2 } });
  });

  it("is refused by staff: the tier stays, and the customer may check again", async () => {
    const staff = await server.signedInOperator("staff");
    const ada = await server.signedInCustomer();
    await verify(ada, phonelessNumber());
    const [row] = await server.db
      .select()
      .from(identityConfirmations)
      .where(eq(identityConfirmations.userId, ada.id));
    const refused = await server.sendOk("POST /core/staff/kyc/matches/:id/reject", {
      token: staff.token,
      params: { id: row?.id ?? "" },
      body: { reason: "The record's photo is someone else" },
    });
    expect(refused.status).toBe("rejected");
    expect(await tierOf(ada)).toBe(1);
    expect(await kycOf(ada)).toMatchObject({ confirmation: null, can_verify: true });
    // A customer cannot decide a match, nor staff a code's confirmation.
    expect(
      (
        await server.send("GET /core/staff/kyc/matches", {
          token: ada.token,
          query: {},
        })
      ).status,
    ).toBe(403);
  });
});

describe("without SMS settings", () => {
  ownServerWithin(server, { SMS_PROVIDER: "off" });

  it("puts a match before staff, even with a phone on the record, and the tier stays", async () => {
    const staff = await server.signedInOperator("staff");
    const ada = await server.signedInCustomer();
    const answer = await verify(ada, ownNumber());
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ tier: 1, confirmation: { state: "in_review" } });
    expect(await tierOf(ada)).toBe(1);
    expect(await identityCodesSent(server, ada.id)).toEqual([]);
    const queue = await server.sendOk("GET /core/staff/kyc/matches", { token: staff.token, query: {} });
    expect(queue.results.find((r) => r.customer.id === ada.id)).toMatchObject({
      reason: "registry_phone_no_sms",
      record_phone: expect.stringMatching(/^0803\d{7}$/),
    });
  });
});
