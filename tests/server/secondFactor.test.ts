import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { newReferralCode } from "../../server/randomIds";
import { hashSecret } from "../../server/services/accounts/secrets";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

const needCode = "Finish signing in with the code from your authenticator app first.";

/** A staff member with a password and no authenticator yet, signed in with the password alone. */
async function newStaff() {
  const email = `staff.${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = "staff password 12";
  const now = server.clock.now();
  await server.db.insert(users).values({
    email,
    firstName: "Bisi",
    lastName: "Staff",
    phone: "08020000000",
    passwordHash: await hashSecret(password),
    role: "staff",
    emailVerifiedAt: now,
    referralCode: newReferralCode(),
    createdAt: now,
    updatedAt: now,
  });
  return { email, password, token: await server.login(email, password) };
}

const secondFactorOf = async (token: string) =>
  (await server.sendOk("GET /auth/profile", { token })).second_factor;

describe("staff and admin sign-in with an authenticator", () => {
  it("keeps the console shut until an authenticator is set up, then opens it with recovery codes", async () => {
    const staff = await newStaff();
    const console = await server.send("GET /core/staff/statistics", { token: staff.token });
    expect(console).toMatchObject({ status: 403, body: { msg: needCode } });
    expect(await secondFactorOf(staff.token)).toBe("setup");

    const setup = await server.send("POST /auth/totp/setup", { token: staff.token, body: {} });
    expect(setup.status).toBe(200);
    if (!setup.data) throw new Error("the setup was refused");
    const { secret, otpauth_uri, qr_svg } = setup.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/OjaPay:${encodeURIComponent(staff.email)}?issuer=OjaPay&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^<svg [^>]*>.*<\/svg>\s*$/s);
    const [row] = await server.db.select().from(users).where(eq(users.email, staff.email));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);

    const wrong = await server.send("POST /auth/totp/confirm", {
      token: staff.token,
      body: { code: server.totpCode(secret, 10) },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { msg: "That code is not right. You have 4 tries left." },
    });
    const done = await server.send("POST /auth/totp/confirm", {
      token: staff.token,
      body: { code: server.totpCode(secret) },
    });
    expect(done.status).toBe(200);
    const codes = done.data?.recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect((await server.send("GET /core/staff/statistics", { token: staff.token })).status).toBe(200);
    expect(await secondFactorOf(staff.token)).toBe("done");
    // Set up once: a second setup is refused.
    expect((await server.send("POST /auth/totp/setup", { token: staff.token, body: {} })).status).toBe(409);
  });

  it("asks every later sign-in for a code, takes each code once, and a recovery code once", async () => {
    const op = await server.signedInOperator("admin");
    const token = await server.login(op.email, op.password);
    expect(await secondFactorOf(token)).toBe("code");
    expect((await server.send("GET /sys.admin/users", { token })).status).toBe(403);
    // The code that set the authenticator up is spent: the same step is refused.
    const reused = await server.send("POST /auth/totp/verify", {
      token,
      body: { code: server.totpCode(op.totpSecret) },
    });
    expect(reused.status).toBe(400);
    server.clock.advance(30_000);
    expect(
      (await server.send("POST /auth/totp/verify", { token, body: { code: server.totpCode(op.totpSecret) } }))
        .status,
    ).toBe(200);
    expect((await server.send("GET /sys.admin/users", { token })).status).toBe(200);

    const other = await server.login(op.email, op.password);
    const recovery = op.recoveryCodes[0] as string;
    expect(
      (await server.send("POST /auth/totp/verify", { token: other, body: { code: recovery.toUpperCase() } }))
        .status,
    ).toBe(200);
    const third = await server.login(op.email, op.password);
    const again = await server.send("POST /auth/totp/verify", { token: third, body: { code: recovery } });
    expect(again).toMatchObject({
      status: 400,
      body: { msg: "That recovery code is not right, or it was used already." },
    });
  });

  it("checks no more than five of 200 simultaneous codes, so the right one sent last is refused", async () => {
    const op = await server.signedInOperator("staff");
    server.clock.advance(30_000);
    const token = await server.login(op.email, op.password);
    const right = server.totpCode(op.totpSecret);
    const wrong = Array.from({ length: 199 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(
      [...wrong, right].map((code) => server.send("POST /auth/totp/verify", { token, body: { code } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(196);
    expect((await server.send("GET /core/staff/statistics", { token })).status).toBe(403);
  });

  it("is for staff only, and a staff password cannot be changed before the code", async () => {
    const customer = await server.signedInCustomer();
    expect(await server.send("POST /auth/totp/setup", { token: customer.token, body: {} })).toMatchObject({
      status: 403,
      body: { msg: "You do not have permission to perform this action." },
    });
    expect(await secondFactorOf(customer.token)).toBe("not_needed");
    const staff = await newStaff();
    const change = await server.send("POST /auth/password/change", {
      token: staff.token,
      body: { current_password: staff.password, new_password: "taken over secret" },
    });
    expect(change).toMatchObject({ status: 403, body: { msg: needCode } });
  });

  it("ends a console session after 15 idle minutes, a customer's after 30", async () => {
    const op = await server.signedInOperator("staff");
    const customer = await server.signedInCustomer();
    server.clock.advance(15 * 60_000 - 1_000);
    expect((await server.send("GET /core/staff/statistics", { token: op.token })).status).toBe(200);
    server.clock.advance(15 * 60_000);
    expect((await server.send("GET /core/staff/statistics", { token: op.token })).status).toBe(401);
    expect((await server.send("GET /auth/profile", { token: customer.token })).status).toBe(200);
  });

  it.each([
    [{}, "code", "Authenticator code is required."],
    [{ code: "12345" }, "code", "Enter the 6-digit code from your authenticator app, or a recovery code."],
    [{ code: "123456", extra: true }, "extra", "This field is not allowed."],
  ])("refuses %j", async (body, field, message) => {
    const staff = await newStaff();
    const answer = await server.post("auth/totp/verify/", body, staff.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });
});
