import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { defaultKycLimits, type KycLimits } from "../../schemas/kyc";
import { auditLog, identityConfirmations, operatorSettings, users, wallets } from "../../server/db/schema";
import { kycLimitValues } from "../../server/services/kyc/tierLimits";
import { tier1Kyc } from "../support/fixtures";
import { identityCodesSent, verifiedByCode } from "./support/identityCodes";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

const server = serverForFile();
// Each test starts from the CBN defaults, whatever an earlier one set.
beforeEach(async () => {
  await server.db
    .update(operatorSettings)
    .set(kycLimitValues(defaultKycLimits))
    .where(eq(operatorSettings.id, 1));
});

const newId = () => crypto.randomUUID();

const buyAirtime = (c: Customer, amount: number, over: Parameters<TestServer["buyAirtime"]>[3] = {}) =>
  server.buyAirtime(c, "08031234567", amount, over);
const kycOf = (token: string) => server.sendOk("GET /core/customer/kyc", { token });
// A number the simulated provider holds under the asker's own name (see simulatedIdentityVerifier.ts).
/** The date of birth the test customers give with their first check (the profile has none before). */
const born = "1990-05-04";
const ownNumber = () => `2${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}1`;
/** The customer's identity check with the one birth date these tests use. */
const verify = (token: string, id_type: "nin" | "bvn", number: string) =>
  server.send("POST /core/customer/kyc/verify", { token, body: { id_type, date_of_birth: born, number } });
/** The check, then the code its record's phone received: tier 2. Answers the code's answer. */
const verifyFully = async (c: { id: string; token: string }, id_type: "nin" | "bvn", number: string) => {
  const { checked, confirmed } = await verifiedByCode(server, c, { id_type, date_of_birth: born, number });
  return confirmed ?? checked;
};

describe("tier 1 on sign-up", () => {
  it("starts every customer at tier 1 with the CBN's limits, nothing spent", async () => {
    const c = await server.signedInCustomer();
    const profile = await server.sendOk("GET /auth/profile", { token: c.token });
    expect(profile).toMatchObject({ kyc_tier: 1 });
    // The fixture the client's tests use is this answer: tier 1's ₦50,000 a day and ₦300,000 held.
    expect(await kycOf(c.token)).toEqual(tier1Kyc());
  });

  it("gives staff no tier", async () => {
    const staff = await server.signedInOperator("staff");
    expect((await server.send("GET /auth/profile", { token: staff.token })).body.data).toMatchObject({
      kyc_tier: null,
    });
    expect((await server.send("GET /core/customer/kyc", { token: staff.token })).status).toBe(403);
  });
});

describe("the daily purchase limit", () => {
  it("refuses a purchase that would take the Lagos day's purchases past the limit, and says so", async () => {
    const c = await server.fundedCustomer(naira(100_000));
    const first = await buyAirtime(c, naira(40_000)); // ₦39,200 after MTN's 2%
    expect(first.status).toBe(200);
    const second = await buyAirtime(c, naira(20_000));
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({
      status: false,
      code: "limit_reached",
      msg: "This purchase would take today's purchases to ₦58,800.00, over the ₦50,000.00 daily limit of a tier 1 account (₦10,800.00 left today). Verify your BVN or NIN on your profile to raise it.",
      data: { daily_limit: naira(50_000), spent_today: naira(39_200), tier: 1 },
    });
    // Nothing held, nothing recorded.
    expect(await walletBalance(server.db, c.id)).toBe(naira(100_000 - 39_200));
    expect((await kycOf(c.token)).spent_today).toBe(naira(39_200));
    // What is left today still goes through.
    expect((await buyAirtime(c, naira(10_000))).status).toBe(200);
  });

  it("starts afresh at midnight in Lagos, and a failed purchase does not count", async () => {
    const c = await server.fundedCustomer(naira(200_000));
    expect((await buyAirtime(c, naira(45_000))).status).toBe(200);
    // Ends in 0000: VTpass fails it and the money comes back.
    const failed = await buyAirtime(c, naira(5_000), { phone: "08031230000" });
    expect(failed.data?.status).toBe("failed");
    expect((await kycOf(c.token)).spent_today).toBe(naira(44_100));
    expect((await buyAirtime(c, naira(10_000))).status).toBe(400);
    server.clock.advance(24 * 3_600_000);
    const tomorrow = { ...c, token: await server.login(c.email, c.password) };
    expect((await kycOf(tomorrow.token)).spent_today).toBe(0);
    expect((await buyAirtime(tomorrow, naira(10_000))).status).toBe(200);
  });

  it("gives the day's room back when staff refund a purchase or the provider reverses one", async () => {
    const c = await server.fundedCustomer(naira(200_000));
    const staff = await server.signedInOperator("staff");
    const bought = await buyAirtime(c, naira(20_000)); // ₦19,600 after MTN's 2%
    // VTpass answers this number's purchase as reversed (code 040): the money comes straight back.
    server.vtpass.script("08031235681", { code: "040", keep: "reversed" });
    const reversed = await buyAirtime(c, naira(10_000), { phone: "08031235681" });
    expect(reversed.data?.status).toBe("reversed");
    expect((await kycOf(c.token)).spent_today).toBe(naira(19_600));
    const refunded = await server.send("POST /core/staff/transaction/:id/refund", {
      token: staff.token,
      params: { id: bought.data?.id ?? "" },
      body: { reason: "Customer says it never arrived" },
    });
    expect(refunded.status).toBe(200);
    expect((await kycOf(c.token)).spent_today).toBe(0);
    // The room is there to spend again.
    expect((await buyAirtime(c, naira(45_000), { allow_duplicate: true })).status).toBe(200);
  });

  it("holds under simultaneous purchases: never more than the limit is bought", async () => {
    const c = await server.fundedCustomer(naira(200_000));
    // 20 purchases of ₦9,800 at once: five fit in ₦50,000.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyAirtime(c, naira(10_000), { allow_duplicate: true })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(15);
    expect((await kycOf(c.token)).spent_today).toBe(naira(49_000));
    expect(await walletBalance(server.db, c.id)).toBe(naira(200_000 - 49_000));
  });
});

describe("the maximum balance", () => {
  it("refuses staff funding past the tier's balance, with a message for staff and nothing written", async () => {
    const c = await server.fundedCustomer(naira(250_000));
    const staff = await server.signedInOperator("staff");
    const answer = await server.send("POST /staff/customer/fund/:user_id", {
      token: staff.token,
      params: { user_id: c.id },
      body: { amount: naira(60_000), reason: "bank transfer we received", request_id: newId() },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(
      "This would take this customer's wallet to ₦310,000.00, over the ₦300,000.00 a tier 1 account may hold (room for ₦50,000.00). An admin can raise the customer's tier from Manage users.",
    );
    expect(answer.body.fields).toEqual({ amount: ["At most ₦50,000.00 can be added now."] });
    expect(await walletBalance(server.db, c.id)).toBe(naira(250_000));
    // Up to the limit is fine.
    await server.fund(c.id, naira(50_000));
    expect(await walletBalance(server.db, c.id)).toBe(naira(300_000));
  });

  it("refuses to open a card checkout the wallet could not hold", async () => {
    const c = await server.fundedCustomer(naira(290_000));
    const answer = await server.send("POST /core/customer/wallet/fund", {
      token: c.token,
      body: { amount: naira(20_000), request_id: newId() },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(
      "This would take your wallet to ₦310,000.00, over the ₦300,000.00 a tier 1 account may hold (room for ₦10,000.00). Verify your BVN or NIN on your profile to raise it.",
    );
    const opened = await server.send("POST /core/customer/wallet/fund", {
      token: c.token,
      body: { amount: naira(10_000), request_id: newId() },
    });
    expect(opened.status).toBe(200);
  });
});

describe("core/customer/kyc/verify/", () => {
  it("raises the account to tier 2 when the BVN's names match the profile and its phone's code comes back, keeping only its last four digits", async () => {
    const c = await server.signedInCustomer();
    const number = ownNumber();
    const answer = await verifyFully(c, "bvn", number);
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Your identity is verified. Your account is now tier 2.");
    expect(answer.data).toMatchObject({
      tier: 2,
      tier_source: "identity_check",
      id_type: "bvn",
      id_last4: number.slice(-4),
      verified_name: "Ada Okafor",
      daily_limit: naira(200_000),
      max_balance: naira(500_000),
      can_verify: false,
    });
    const [row] = await server.db.select().from(users).where(eq(users.id, c.id));
    expect(JSON.stringify(row)).not.toContain(number);
    expect(row?.identityFingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Tier 2 holds more.
    await server.fund(c.id, naira(450_000));
    expect(await walletBalance(server.db, c.id)).toBe(naira(450_000));
    // Verified once; the names are now fixed.
    const again = await verify(c.token, "nin", ownNumber());
    expect(again.status).toBe(400);
    const rename = await server.send("PATCH /auth/profile", { token: c.token, body: { first_name: "Bola" } });
    expect(rename.status).toBe(400);
    expect(rename.body.fields).toHaveProperty("first_name");
    const phone = await server.send("PATCH /auth/profile", {
      token: c.token,
      body: { phone: "08099998888" },
    });
    expect(phone.status).toBe(200);
  });

  it("refuses a number whose record carries another name, or none, counting the try", async () => {
    const c = await server.signedInCustomer();
    const other = await verify(c.token, "nin", "12345679999");
    expect(other.status).toBe(400);
    expect(other.body.msg).toBe(
      "The name on this NIN does not match the name on your profile (Ada Okafor). Check the number; if the name on your profile is wrong, ask for a correction on your profile; staff will review it.",
    );
    expect(other.body.fields).toHaveProperty("number");
    const missing = await verify(c.token, "bvn", "22345670000");
    expect(missing.body.msg).toBe("We could not find this BVN. Check the number and try again.");
    expect(await kycOf(c.token)).toMatchObject({ tier: 1, id_type: null, can_verify: true });
  });

  it("allows five checks a day, even all at once", async () => {
    const c = await server.signedInCustomer();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => verify(c.token, "bvn", "12345679999")),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(25);
    const right = await verify(c.token, "bvn", ownNumber());
    expect(right.status).toBe(429);
    expect(right.body.msg).toBe("Too many identity checks today. Try again in 24 hours.");
    server.clock.advance(24 * 3_600_000 + 1_000);
    const token = await server.login(c.email, c.password);
    const nextDay = await verify(token, "bvn", ownNumber());
    expect(nextDay.status).toBe(200);
  });

  it("leaves one code waiting when two numbers are checked at the same moment, and verifies once", async () => {
    const c = await server.signedInCustomer();
    const answers = await Promise.all(
      [ownNumber(), ownNumber()].map((number) => verify(c.token, "bvn", number)),
    );
    // Each answered check may open a confirmation, the later one ending the earlier; two answered at
    // the very same moment: the second is refused. Either way one code is waiting, and it verifies.
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.body.code).toBe("changed_meanwhile");
    }
    const waiting = await kycOf(c.token);
    expect(waiting).toMatchObject({ tier: 1, confirmation: { state: "awaiting_code" } });
    // Each number's record holds its own phone: the live code is the one sent to the waiting phone.
    const [pending] = await server.db
      .select()
      .from(identityConfirmations)
      .where(and(eq(identityConfirmations.userId, c.id), eq(identityConfirmations.status, "pending")));
    const sent = await identityCodesSent(server, c.id);
    const last = sent.find((s) => s.to === `234${pending?.phone?.slice(1)}`);
    if (!last) throw new Error("no code was sent to the waiting phone");
    for (const older of sent.filter((s) => s.code !== last.code)) {
      const stale = await server.send("POST /core/customer/kyc/confirm-code", {
        token: c.token,
        body: { code: older.code },
      });
      expect(stale.status).toBe(400);
    }
    const confirmed = await server.send("POST /core/customer/kyc/confirm-code", {
      token: c.token,
      body: { code: last.code },
    });
    expect(confirmed.status).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.id, c.id));
    expect(row).toMatchObject({ kycTier: 2, identityLast4: waiting.confirmation?.id_last4 });
  });

  it("links one number to one account", async () => {
    const number = ownNumber();
    const first = await server.signedInCustomer();
    expect((await verifyFully(first, "nin", number)).status).toBe(200);
    const second = await server.signedInCustomer();
    const taken = await verify(second.token, "nin", number);
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(
      "This NIN is already linked to another OjaPay account. If it is yours, tell us and staff will look into it.",
    );
    expect(taken.body.data).toEqual({ contestable: true });
    // The same digits as a BVN are another number.
    expect((await verifyFully(second, "bvn", number)).status).toBe(200);
  });

  it("counts nothing when the provider cannot answer", async () => {
    const c = await server.signedInCustomer();
    for (let i = 0; i < 6; i++) {
      const down = await verify(c.token, "bvn", "22345675555");
      expect(down.status).toBe(503);
      expect(down.body.msg).toBe(
        "We could not check your details just now. Please try again in a few minutes.",
      );
    }
    expect((await verify(c.token, "bvn", ownNumber())).status).toBe(200);
  });

  it.each([
    [
      { id_type: "bvn", date_of_birth: born, number: "1234567890" },
      "number",
      "Enter your 11-digit number, digits only.",
    ],
    [
      { id_type: "bvn", date_of_birth: born, number: "1234567890a" },
      "number",
      "Enter your 11-digit number, digits only.",
    ],
    [{ id_type: "bvn", number: "11111111111" }, "number", "That is not a real number."],
    [{ id_type: "passport", number: "12345678901" }, "id_type", "Choose BVN or NIN."],
    [{ number: "12345678901" }, "id_type", "Choose BVN or NIN."],
  ])("answers 400 for %j and checks nothing", async (body, field, message) => {
    const c = await server.signedInCustomer();
    const answer = await server.post("core/customer/kyc/verify/", body, c.token);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe(false);
    expect(answer.body.fields?.[field]).toContain(message);
    expect(await kycOf(c.token)).toMatchObject({ tier: 1, id_type: null });
  });
});

describe("admins and tiers", () => {
  // Console sessions end after 15 idle minutes, and other tests move the clock by days.
  let admin: Awaited<ReturnType<TestServer["signedInOperator"]>>;
  beforeEach(async () => {
    admin = await server.signedInOperator("admin");
  });
  it("override a customer's tier with a reason, audited, and the new limits apply at once", async () => {
    const c = await server.fundedCustomer(naira(300_000));
    const noReason = await server.send("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: c.id },
      body: { tier: 3, reason: " " },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty("reason");
    const answer = await server.send("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: c.id },
      body: { tier: 3, reason: "Utility bill and ID card checked in the office" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("The account is now tier 3.");
    expect(answer.data?.kyc).toMatchObject({
      tier: 3,
      tier_source: "admin",
      tier_reason: "Utility bill and ID card checked in the office",
      daily_limit: naira(5_000_000),
      max_balance: naira(100_000_000),
      can_verify: false,
    });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "kyc.override"), eq(auditLog.targetId, c.id)));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: "user",
      before: { tier: 1, source: "signup" },
      after: { tier: 3, source: "admin", reason: "Utility bill and ID card checked in the office" },
    });
    await server.fund(c.id, naira(1_000_000));
    expect((await buyAirtime(c, naira(50_000))).status).toBe(200);
    expect((await buyAirtime(c, naira(50_000), { allow_duplicate: true })).status).toBe(200);
  });

  it("is for admins only, and only customers have a tier", async () => {
    const c = await server.signedInCustomer();
    const staff = await server.signedInOperator("staff");
    const body = { tier: 2, reason: "checked by phone" };
    expect(
      (await server.send("POST /sys.admin/users/:id/kyc", { token: staff.token, params: { id: c.id }, body }))
        .status,
    ).toBe(403);
    expect(
      (await server.send("POST /sys.admin/users/:id/kyc", { token: c.token, params: { id: c.id }, body }))
        .status,
    ).toBe(403);
    const onStaff = await server.send("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: staff.id },
      body,
    });
    expect(onStaff.status).toBe(400);
    const unknown = await server.send("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: crypto.randomUUID() },
      body,
    });
    expect(unknown.status).toBe(404);
    const badTier = await server.send("POST /sys.admin/users/:id/kyc", {
      token: admin.token,
      params: { id: c.id },
      body: { tier: 4, reason: "why not" },
    });
    expect(badTier.status).toBe(400);
    expect(badTier.body.fields?.tier).toContain("Choose tier 1, 2 or 3.");
    const [row] = await server.db.select().from(users).where(eq(users.id, c.id));
    expect(row?.kycTier).toBe(1);
  });

  it("see a customer's tier and checked identity on the user detail", async () => {
    const c = await server.signedInCustomer();
    const number = ownNumber();
    await verifyFully(c, "bvn", number);
    const detail = await server.sendOk("GET /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
    });
    expect(detail.kyc_tier).toBe(2);
    expect(detail.kyc).toMatchObject({
      tier: 2,
      tier_source: "identity_check",
      id_type: "bvn",
      id_last4: number.slice(-4),
      verified_name: "Ada Okafor",
      tier_reason: null,
    });
    const staffDetail = await server.sendOk("GET /sys.admin/users/:id", {
      token: admin.token,
      params: { id: admin.id },
    });
    expect(staffDetail.kyc).toBeNull();
  });

  it("set each tier's limits, audited; lower tiers may not allow more than higher ones", async () => {
    expect(await server.sendOk("GET /sys.admin/kyc-limits", { token: admin.token })).toEqual(
      defaultKycLimits,
    );
    const limits: KycLimits = { ...defaultKycLimits, tier1_daily_limit: naira(20_000) };
    const saved = await server.send("PUT /sys.admin/kyc-limits", { token: admin.token, body: limits });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual(limits);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.targetType, "kyc_limits")));
    expect(entry?.before).toMatchObject({ tier1_daily_limit: naira(50_000) });
    expect(entry?.after).toMatchObject({ tier1_daily_limit: naira(20_000) });
    const c = await server.fundedCustomer(naira(50_000));
    expect((await kycOf(c.token)).daily_limit).toBe(naira(20_000));
    expect((await buyAirtime(c, naira(25_000))).status).toBe(400);

    const upsideDown = await server.send("PUT /sys.admin/kyc-limits", {
      token: admin.token,
      body: { ...defaultKycLimits, tier2_max_balance: naira(100_000) },
    });
    expect(upsideDown.status).toBe(400);
    expect(upsideDown.body.fields?.tier2_max_balance).toContain("Must be at least tier 1's.");
    const staff = await server.signedInOperator("staff");
    expect(
      (await server.send("PUT /sys.admin/kyc-limits", { token: staff.token, body: defaultKycLimits })).status,
    ).toBe(403);
    expect(await server.sendOk("GET /sys.admin/kyc-limits", { token: admin.token })).toEqual(limits);
  });
});

describe("money that arrives anyway", () => {
  it("credits a bank transfer even past the balance limit: money received is never turned away", async () => {
    const c = await server.fundedCustomer(naira(290_000));
    const account = await server.send("GET /core/customer/wallet/bank-account", { token: c.token });
    expect(account.status).toBe(200);
    if (!account.data) throw new Error("no account was opened");
    const { account_number } = account.data;
    await server.paystack.transfer(account_number, naira(50_000));
    const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, c.id));
    expect(wallet?.balance).toBe(naira(340_000));
    // Adding more by card is refused until it is spent down.
    const more = await server.send("POST /core/customer/wallet/fund", {
      token: c.token,
      body: { amount: naira(1_000), request_id: newId() },
    });
    expect(more.status).toBe(400);
  });
});
