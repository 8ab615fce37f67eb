import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

async function hasPin(token: string) {
  return (await server.sendOk("GET /auth/profile", { token })).has_pin;
}

describe("customer/pin-reset/", () => {
  it("sets the first PIN with the emailed code, then changes it", async () => {
    const customer = await server.signedInCustomer();
    const request = await server.send("POST /customer/pin-reset/request", { token: customer.token });
    expect(request.status).toBe(200);
    expect(request.body).toEqual({ status: true, msg: "We sent a 6-digit code to your email.", data: null });
    const code = server.mailbox.lastCode(customer.email);

    const set = await server.send("POST /customer/pin-reset/confirm", {
      token: customer.token,
      body: { code, new_pin: "4826" },
    });
    expect(set.body).toEqual({ status: true, msg: "Your transaction PIN has been set.", data: null });
    expect(await hasPin(customer.token)).toBe(true);
    const [row] = await server.db.select().from(users).where(eq(users.id, customer.id));
    // Under the development key, the current one in tests.
    expect(row?.pinHash).toMatch(/^hmac-sha256\$dev\$[A-Za-z0-9_-]{43}$/);

    server.clock.advance(60_000);
    await server.send("POST /customer/pin-reset/request", { token: customer.token });
    const changed = await server.send("POST /customer/pin-reset/confirm", {
      token: customer.token,
      body: { code: server.mailbox.lastCode(customer.email), new_pin: "9051" },
    });
    expect(changed.body.msg).toBe("Your transaction PIN has been changed.");
  });

  it("refuses a wrong code and leaves the PIN unset", async () => {
    const customer = await server.signedInCustomer();
    await server.send("POST /customer/pin-reset/request", { token: customer.token });
    const code = server.mailbox.lastCode(customer.email);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, "0");
    const answer = await server.send("POST /customer/pin-reset/confirm", {
      token: customer.token,
      body: { code: wrong, new_pin: "1234" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("That code is not right, or it has expired. You have 4 tries left.");
    expect(await hasPin(customer.token)).toBe(false);
  });

  it("does not accept the email-verification code for the PIN", async () => {
    const customer = await server.signedInCustomer();
    const verificationCode = server.mailbox.lastCode(customer.email);
    const answer = await server.send("POST /customer/pin-reset/confirm", {
      token: customer.token,
      body: { code: verificationCode, new_pin: "1234" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("That code is not right, or it has expired. You have 4 tries left.");
  });

  it("asks for the code at most once a minute", async () => {
    const customer = await server.signedInCustomer();
    await server.send("POST /customer/pin-reset/request", { token: customer.token });
    const again = await server.send("POST /customer/pin-reset/request", { token: customer.token });
    expect(again.status).toBe(429);
  });

  it.each([
    [{ code: "123456", new_pin: "12345" }, "new_pin", "PIN must be exactly 4 digits."],
    [{ code: "123456", new_pin: "12a4" }, "new_pin", "PIN must be exactly 4 digits."],
    [{ code: "123456", new_pin: 1234 }, "new_pin", "Transaction PIN must be text."],
    [{ code: "12345", new_pin: "1234" }, "code", "Code must be the 6 digits we emailed you."],
    [{ new_pin: "1234" }, "code", "Code is required."],
    [{ code: "123456", new_pin: "1234", pin: "1" }, "pin", "This field is not allowed."],
  ])("refuses %j", async (body, field, message) => {
    const customer = await server.signedInCustomer();
    const answer = await server.post("customer/pin-reset/confirm/", body, customer.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });

  it("refuses a body on the request", async () => {
    const customer = await server.signedInCustomer();
    const answer = await server.post(
      "customer/pin-reset/request/",
      { email: "x@example.com" },
      customer.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ email: ["This field is not allowed."] });
  });
});
