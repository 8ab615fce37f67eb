import { describe, expect, it } from "vitest";
import { profile as profileSchema } from "../../schemas/auth";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

describe("auth/profile/", () => {
  it("answers the contract's profile, wallet included", async () => {
    const customer = await server.signedInCustomer({ first_name: "Ifeoma", phone: "2348101234567" });
    const answer = await server.get("auth/profile", customer.token);
    expect(answer.status).toBe(200);
    const profile = profileSchema.parse(answer.body.data);
    expect(profile).toMatchObject({
      first_name: "Ifeoma",
      last_name: "Okafor",
      email: customer.email,
      phone: "08101234567",
      role: "customer",
      can_transact: true,
      email_verified: true,
      has_pin: false,
      date_of_birth: null,
      date_joined: server.clock.now().toISOString(),
      wallet: { balance: 0 },
    });
    expect(profile.wallet?.number).toMatch(/^\d{10}$/);
    expect(profile.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.body.data).not.toHaveProperty("password_hash");
  });

  it("has no wallet for staff", async () => {
    const staff = await server.signedInOperator("staff");
    const answer = await server.send("GET /auth/profile", { token: staff.token });
    expect(answer.body.data).toMatchObject({ role: "staff", wallet: null });
  });

  it("updates names, phone and date of birth", async () => {
    const customer = await server.signedInCustomer();
    const answer = await server.send("PATCH /auth/profile", {
      token: customer.token,
      body: { first_name: " Amaka ", phone: "+2349061234567", date_of_birth: "1994-07-21" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Your profile has been updated.");
    expect(answer.body.data).toMatchObject({
      first_name: "Amaka",
      phone: "09061234567",
      date_of_birth: "1994-07-21",
    });
    const again = await server.send("GET /auth/profile", { token: customer.token });
    expect(again.body.data).toMatchObject({ first_name: "Amaka", date_of_birth: "1994-07-21" });
    const cleared = await server.send("PATCH /auth/profile", {
      token: customer.token,
      body: { date_of_birth: null },
    });
    expect(cleared.body.data).toMatchObject({ date_of_birth: null });
  });

  it.each([
    [{}, "_", "Change at least one field."],
    [{ email: "new@example.com" }, "email", "This field is not allowed."],
    [{ role: "admin" }, "role", "This field is not allowed."],
    [{ phone: "12345" }, "phone", "Enter a Nigerian mobile number, like 08031234567."],
    [{ date_of_birth: "2999-01-01" }, "date_of_birth", "Enter a real date in the past."],
    [{ date_of_birth: "21/07/1994" }, "date_of_birth", "Enter a date as YYYY-MM-DD."],
    [{ first_name: "" }, "first_name", "First name is required."],
    [
      { first_name: "<script>" },
      "first_name",
      "First name may only hold letters, spaces, hyphens and apostrophes.",
    ],
  ])("refuses %j and changes nothing", async (body, field, message) => {
    const customer = await server.signedInCustomer();
    const before = await server.send("GET /auth/profile", { token: customer.token });
    const answer = await server.patch("auth/profile/", body, customer.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await server.send("GET /auth/profile", { token: customer.token })).toEqual(before);
  });
});
